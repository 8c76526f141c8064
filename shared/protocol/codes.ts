/**
 * Table codes: every table is known by 6 characters from an alphabet without look-alikes (no 0/O, 1/I), about
 * a billion combinations. The server draws them; the lobby reads what a person typed.
 */
export const CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
export const CODE_LENGTH = 6;

/** Normalises what a person typed (`abc 23k` → `ABC23K`); null when it cannot be a code. */
export function normaliseCode(input: string): string | null {
  const code = input.toUpperCase().replace(/[\s-]/g, "");
  return code.length === CODE_LENGTH && [...code].every((c) => CODE_ALPHABET.includes(c))
    ? code
    : null;
}
