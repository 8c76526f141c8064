/**
 * How pieces are drawn, as the person chose on this device: the move list's letter in a corner
 * of each xiangqi piece (on unless turned off), and xiangqi's set, its characters or pictures
 * that need no Chinese. Every board showing redraws its pieces when either changes.
 */
import { getSetting, setSetting } from "../device/storage";

export type XiangqiSet = "characters" | "pictures";

export interface PieceLook {
  /** The move list's letter (K A E H R C P) in a corner of each xiangqi piece. */
  readonly letters: boolean;
  readonly xiangqiSet: XiangqiSet;
}

let look: PieceLook | null = null;
const listeners = new Set<() => void>();

export function pieceLook(): PieceLook {
  look ??= {
    letters: getSetting("pieces.letters") ?? true,
    xiangqiSet: getSetting("pieces.xiangqi") ?? "characters",
  };
  return look;
}

/** Changes the look, keeps it on the device and tells every board that shows pieces. */
export function setPieceLook(change: Partial<PieceLook>): void {
  const before = pieceLook();
  const next = { ...before, ...change };
  if (next.letters === before.letters && next.xiangqiSet === before.xiangqiSet) return;
  look = next;
  setSetting("pieces.letters", next.letters);
  setSetting("pieces.xiangqi", next.xiangqiSet);
  for (const f of listeners) f();
}

/** Calls `f` after every change of the look; returns what stops it. */
export function onPieceLookChange(f: () => void): () => void {
  listeners.add(f);
  return () => listeners.delete(f);
}
