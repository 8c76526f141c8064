/**
 * Private table codes: 6 characters from an alphabet without look-alikes (no 0/O, 1/I), about
 * a billion combinations, claimed atomically through presence so two processes never hand out
 * the same code.
 */
import { randomInt } from "node:crypto";
import type { Presence } from "@colyseus/core";

export const CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
export const CODE_LENGTH = 6;
const CODES_KEY = "table_codes";

export function randomCode(): string {
  let code = "";
  for (let i = 0; i < CODE_LENGTH; i++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}

/** Normalises what a person typed (`abc 23k` → `ABC23K`); null when it cannot be a code. */
export function normaliseCode(input: string): string | null {
  const code = input.toUpperCase().replace(/[\s-]/g, "");
  return code.length === CODE_LENGTH && [...code].every((c) => CODE_ALPHABET.includes(c))
    ? code
    : null;
}

export async function claimCode(presence: Presence): Promise<string> {
  for (;;) {
    const code = randomCode();
    if ((await presence.hincrby(CODES_KEY, code, 1)) === 1) return code;
  }
}

export async function releaseCode(presence: Presence, code: string): Promise<void> {
  await presence.hdel(CODES_KEY, code);
}
