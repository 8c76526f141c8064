/**
 * Drawing private table codes (shared/protocol/codes.ts), claimed atomically through presence
 * so two processes never hand out the same code.
 */
import { randomInt } from "node:crypto";
import type { Presence } from "@colyseus/core";
import { CODE_ALPHABET, CODE_LENGTH } from "../shared/protocol/codes";

const CODES_KEY = "table_codes";

export function randomCode(): string {
  let code = "";
  for (let i = 0; i < CODE_LENGTH; i++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
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

/** Claims a code a table already had (it is being brought back); false if it is taken. */
export async function claimThisCode(presence: Presence, code: string): Promise<boolean> {
  return (await presence.hincrby(CODES_KEY, code, 1)) === 1;
}
