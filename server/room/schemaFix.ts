/**
 * @colyseus/schema 3.0.76 writes the length of a string of exactly 255 bytes as 0
 * (`length % 255` in its str8 encoding; colyseus/schema#216), so every client decoding that
 * patch loses its state from then on. A four-player FEN reaches 255 bytes in real games. The
 * encoder looks its functions up in the `encode` table at each use, so the server puts a
 * correct `string` in that table once, at load. It also counts a lone surrogate as 3 bytes
 * (Buffer.byteLength) but writes 4, with the same effect; client text is cleaned before it
 * reaches the state (shared/protocol/text.ts), and here any other string is made well formed.
 */
import { encode } from "@colyseus/schema";

type It = { offset: number };

const LONE_SURROGATE = /\p{Cs}/u;
const wellFormed = (text: string) =>
  LONE_SURROGATE.test(text) ? text.replace(/\p{Cs}/gu, "\uFFFD") : text;

function string(bytes: Uint8Array, value: string, it: It): number {
  const text = wellFormed(value || "");
  const length = encode.utf8Length(text);
  let size: number;
  if (length < 0x20) {
    bytes[it.offset++] = length | 0xa0;
    size = 1;
  } else if (length < 0x100) {
    bytes[it.offset++] = 0xd9;
    bytes[it.offset++] = length;
    size = 2;
  } else if (length < 0x10000) {
    bytes[it.offset++] = 0xda;
    encode.uint16(bytes as never, length, it);
    size = 3;
  } else {
    bytes[it.offset++] = 0xdb;
    encode.uint32(bytes as never, length, it);
    size = 5;
  }
  encode.utf8Write(bytes as never, text, it);
  return size + length;
}

(encode as unknown as { string: typeof string }).string = string;
