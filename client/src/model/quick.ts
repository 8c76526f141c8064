/**
 * A quick-play table before its game: nobody presses Start. It waits for people; once two sit
 * at a larger table it counts down to a start with CPUs in the empty seats; a person sitting
 * there alone may start at once against CPUs.
 */
import type { TableView } from "../../../shared/protocol/views";
import type { Me } from "./facts";

export type QuickWait =
  /** This person is the only one seated: they may start against CPUs or keep waiting. */
  | { readonly kind: "alone" }
  /** Counting down: the game starts in `seconds` (whole seconds, at least 1). */
  | { readonly kind: "counting"; readonly seconds: number }
  /** The countdown ran out: the server starts the game any moment. */
  | { readonly kind: "starting" }
  /** Waiting for people, not counting (a spectator, or seated where nobody else sits yet). */
  | { readonly kind: "waiting" };

/** The people seated: each player once. */
export function peopleSeated(s: Pick<TableView, "seats">): number {
  const players = new Set<string>();
  for (const seat of s.seats) if (seat.kind === "human") players.add(seat.player);
  return players.size;
}

type Waiting = Pick<TableView, "mode" | "phase" | "seats" | "autoStart">;

/** This person sits alone at a waiting quick-play table: they may start it against CPUs. */
export function aloneAtQuick(s: Waiting, me: Me): boolean {
  return (
    s.mode === "quick" && s.phase === "waiting" && me.seats.length > 0 && peopleSeated(s) === 1
  );
}

/** Where a waiting quick-play table stands for this person at `serverNow`; null at any other table. */
export function quickWait(s: Waiting, me: Me, serverNow: number): QuickWait | null {
  if (s.mode !== "quick" || s.phase !== "waiting") return null;
  if (aloneAtQuick(s, me)) return { kind: "alone" };
  if (s.autoStart > 0) {
    const ms = s.autoStart - serverNow;
    return ms > 0 ? { kind: "counting", seconds: Math.ceil(ms / 1000) } : { kind: "starting" };
  }
  return { kind: "waiting" };
}
