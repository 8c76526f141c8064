/**
 * Whether a message's payload decodes to plain values: what JSON can say (null, booleans,
 * numbers, strings, arrays, objects), nested a few levels at most, and nothing after it.
 * Decoded with the decoder Colyseus uses (msgpackr, whose records colyseus.js sends for
 * objects), so what passes here decodes the same way there. Extension types that build other
 * values (dates, big integers, typed arrays, maps, sets, errors, regular expressions) are
 * refused, as are bytes the decoder throws on: no table message holds them.
 */
import { unpack } from "@colyseus/msgpackr";

/** Deeper than any table message (`rules` is an object in an object: depth 2). */
const MAX_DEPTH = 8;

export function isPlainPayload(buffer: Uint8Array, offset: number): boolean {
  if (offset >= buffer.length) return true;
  let value: unknown;
  try {
    value = unpack(buffer.subarray(offset));
  } catch {
    return false;
  }
  return isPlain(value, 0);
}

function isPlain(v: unknown, depth: number): boolean {
  if (v === null || v === undefined) return true;
  const type = typeof v;
  if (type === "boolean" || type === "number" || type === "string") return true;
  if (type !== "object" || depth >= MAX_DEPTH) return false;
  if (Array.isArray(v)) return v.every((x) => isPlain(x, depth + 1));
  const proto = Object.getPrototypeOf(v);
  if (proto !== Object.prototype && proto !== null) return false;
  return Object.values(v as Record<string, unknown>).every((x) => isPlain(x, depth + 1));
}
