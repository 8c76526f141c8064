/**
 * The engine's analyses of finished games this browser completed (both passes), so that a game
 * opened again shows its analysis at once instead of searching it again: the last
 * `ANALYSES_MAX`, under `crossboard.analyses`, each for the engines and budgets that made it.
 */
import type { PlyAnalysis } from "../analysis/driver";
import { readItem, writeItem } from "./storage";

/** How many analyses are kept: a 100-move game's is about 15 KB. */
export const ANALYSES_MAX = 12;

interface Kept {
  /** The game's archive id. */
  readonly id: string;
  /** What made it (`ANALYSIS_ENGINE` in analysis.ts): another engine's values are not reused. */
  readonly engine: string;
  readonly plies: readonly PlyAnalysis[];
}

const isPly = (p: unknown, step: number): p is PlyAnalysis => {
  const x = p as Partial<PlyAnalysis> | null;
  return (
    x?.step === step &&
    typeof x.mover === "number" &&
    Array.isArray(x.views) &&
    x.views.every((v) => typeof v === "number" && Number.isFinite(v)) &&
    (x.best === null || typeof x.best?.notation === "string")
  );
};

function readKept(): Kept[] {
  try {
    const list: unknown = JSON.parse(readItem("analyses") ?? "[]");
    if (!Array.isArray(list)) return [];
    return list.filter(
      (k): k is Kept =>
        typeof k?.id === "string" &&
        typeof k.engine === "string" &&
        Array.isArray(k.plies) &&
        k.plies.every((p: unknown, i: number) => isPly(p, i)),
    );
  } catch {
    return [];
  }
}

/** The kept analysis of game `id` by `engine` with `steps` positions, or null. */
export function keptAnalysis(id: string, engine: string, steps: number): PlyAnalysis[] | null {
  const kept = readKept().find((k) => k.id === id && k.engine === engine);
  return kept && kept.plies.length === steps ? [...kept.plies] : null;
}

/** Keeps a completed analysis, newest first; the oldest beyond `ANALYSES_MAX` are dropped. */
export function keepAnalysis(id: string, engine: string, plies: readonly PlyAnalysis[]): void {
  const others = readKept().filter((k) => k.id !== id);
  const list = [{ id, engine, plies }, ...others];
  // A full storage drops the oldest until it fits (writeItem says nothing when it cannot).
  for (let n = Math.min(list.length, ANALYSES_MAX); n > 0; n--) {
    const text = JSON.stringify(list.slice(0, n));
    writeItem("analyses", text);
    if (readItem("analyses") === text) return;
  }
}
