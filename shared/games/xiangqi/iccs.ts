/**
 * ICCS coordinates: files a–i from Red's left, ranks 0–9 from Red's side. A move is written
 * `h2e2` (the command-line tools and UCCI engines); rooms and clients send it as a
 * `MoveInput` `{ from: "h2", to: "e2" }`. Input also takes `H2-E2` and `h2-e2`.
 */
import { refusal } from "../../core/errors";
import { err, type Failure, ok, type Result } from "../../core/result";
import type { MoveInput } from "../types";
import { encodeMove, moveFrom, moveTo, nameOf, squareOf } from "./board";
import type { Position } from "./position";

export type { MoveInput };

/** `h2e2` for a packed move. */
export function iccsOf(m: number): string {
  return nameOf(moveFrom(m)) + nameOf(moveTo(m));
}

/** The from/to request of a packed move. */
export function moveInput(m: number): MoveInput {
  return { from: nameOf(moveFrom(m)), to: nameOf(moveTo(m)) };
}

const ICCS_RE = /^([a-i][0-9])-?([a-i][0-9])$/i;

/** Does the text look like an ICCS move (rather than WXF)? */
export const looksLikeIccs = (text: string): boolean => ICCS_RE.test(text.trim());

/** Reads `h2e2` / `H2-E2` into a request; legality is not checked here. */
export function parseIccs(text: string): Result<MoveInput, Failure<"move/unreadable-as">> {
  const m = ICCS_RE.exec(text.trim());
  if (!m) return err(refusal("move/unreadable-as", { text, examples: '"h2e2"' }));
  return ok({ from: m[1]!.toLowerCase(), to: m[2]!.toLowerCase() });
}

/** The packed legal move of `pos` matching a request, or -1. */
export function findMove(pos: Position, input: MoveInput): number {
  const from = squareOf(input.from);
  const to = squareOf(input.to);
  if (from < 0 || to < 0) return -1;
  const m = encodeMove(from, to);
  return pos.isLegalMove(m) ? m : -1;
}
