/** An expected failure: a stable machine code (`move/illegal`) and a sentence for people. */
export interface Failure<C extends string = string> {
  readonly code: C;
  readonly message: string;
}

export type Result<T, E = Failure> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly error: E };

export function ok<T>(value: T): Result<T, never> {
  return { ok: true, value };
}

export function err<E>(error: E): Result<never, E> {
  return { ok: false, error };
}

export function fail<C extends string>(code: C, message: string): Result<never, Failure<C>> {
  return { ok: false, error: { code, message } };
}

/** Unwraps a result where failure is a programming error (tests, tools, fixed data). */
export function unwrap<T, E>(result: Result<T, E>): T {
  if (result.ok) return result.value;
  const e = result.error as unknown;
  const text =
    typeof e === "object" && e !== null && "message" in e ? String(e.message) : String(e);
  throw new Error(`unwrap of a failed result: ${text}`);
}
