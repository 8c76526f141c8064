/**
 * An expected failure: a stable machine code (`move/illegal`), a sentence for people, and the
 * values (a square, a seat) the sentence names, for a reader who puts it into other words.
 */
export interface Failure<C extends string = string> {
  readonly code: C;
  readonly message: string;
  readonly params?: Readonly<Record<string, string | number>>;
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

export function fail<C extends string>(
  code: C,
  message: string,
  params?: Readonly<Record<string, string | number>>,
): Result<never, Failure<C>> {
  return { ok: false, error: params ? { code, message, params } : { code, message } };
}

/** Unwraps a result where failure is a programming error (tests, tools, fixed data). */
export function unwrap<T, E>(result: Result<T, E>): T {
  if (result.ok) return result.value;
  const e = result.error as unknown;
  const text =
    typeof e === "object" && e !== null && "message" in e ? String(e.message) : String(e);
  throw new Error(`unwrap of a failed result: ${text}`);
}
