/**
 * Drawing table codes (shared/protocol/codes.ts), claimed atomically through presence
 * so two processes never hand out the same code.
 */
import { randomInt } from "node:crypto";
import type { Presence } from "@colyseus/core";
import { CODE_ALPHABET, CODE_LENGTH } from "../../shared/protocol/codes";

const CODES_KEY = "table_codes";

export function randomCode(): string {
  let code = "";
  for (let i = 0; i < CODE_LENGTH; i++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}

/**
 * Claims a code no other table holds; `draw` picks candidates (tests narrow the space). A code
 * free in presence may still be a parked table's, which holds it through the store (`stored`):
 * that claim is left in place (it is that table's) and another code is drawn.
 */
export async function claimCode(
  presence: Presence,
  draw = randomCode,
  stored: (code: string) => Promise<boolean> = async () => false,
): Promise<string> {
  for (;;) {
    const code = draw();
    if ((await presence.hincrby(CODES_KEY, code, 1)) === 1 && !(await stored(code))) return code;
  }
}

/** Frees a closed table's code; while Redis is away the code simply stays taken. */
export async function releaseCode(presence: Presence, code: string): Promise<void> {
  await presence.hdel(CODES_KEY, code).catch(() => undefined);
}

/**
 * Takes the code of a table being brought back. The table's claim (scale.ts) is already this
 * process's, so no live table has the code: what is left under it is from a process that died
 * holding the table, and it is overwritten. (A new table never gets a code that is still
 * written down, whoever wrote it.)
 */
export async function claimThisCode(presence: Presence, code: string): Promise<boolean> {
  await presence.hset(CODES_KEY, code, "1");
  return true;
}

/**
 * Writes the codes of this process's tables again after Redis was away (a Redis that
 * restarted has forgotten them).
 */
export async function reclaimCodes(presence: Presence, codes: readonly string[]): Promise<void> {
  for (const code of codes) await presence.hset(CODES_KEY, code, "1");
}
