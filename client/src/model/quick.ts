/**
 * A quick-play table before its game: nobody presses Start. It waits for people; once two sit
 * at a larger table it counts down to a start with CPUs in the empty seats; a person sitting
 * there alone may start at once against CPUs. A rated table waits until every seat has its
 * person.
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
  | { readonly kind: "waiting" }
  /** A rated table: it starts when every seat has its person, never with CPUs. */
  | { readonly kind: "rated" };

/** The people seated: each player once. */
export function peopleSeated(s: Pick<TableView, "seats">): number {
  const players = new Set<string>();
  for (const seat of s.seats) if (seat.kind === "human") players.add(seat.player);
  return players.size;
}

/** A table as these read it; without `rules`, a casual one. */
type Waiting = Pick<TableView, "mode" | "phase" | "seats" | "autoStart"> & {
  readonly rules?: Pick<TableView["rules"], "rated">;
};

/**
 * This person sits alone at a waiting quick-play table: they may start it against CPUs (never
 * at a rated one, which waits for people).
 */
export function aloneAtQuick(s: Waiting, me: Me): boolean {
  return (
    s.mode === "quick" &&
    s.phase === "waiting" &&
    !s.rules?.rated &&
    me.seats.length > 0 &&
    peopleSeated(s) === 1
  );
}

/** How long someone waits for people at a rated quick-play table before casual play is offered. */
export const CASUAL_OFFER_MS = 30_000;

/**
 * This person is seated at a rated quick-play table still waiting for people: it never fills a
 * seat with a CPU, so after a while (`CASUAL_OFFER_MS`) casual play of the same pool is offered.
 */
export function waitsForRated(s: Waiting, me: Me): boolean {
  return (
    s.mode === "quick" &&
    s.phase === "waiting" &&
    s.rules?.rated === true &&
    me.seats.length > 0 &&
    s.seats.some((seat) => seat.kind === "open")
  );
}

/** Where a waiting quick-play table stands for this person at `serverNow`; null at any other table. */
export function quickWait(s: Waiting, me: Me, serverNow: number): QuickWait | null {
  if (s.mode !== "quick" || s.phase !== "waiting") return null;
  if (s.rules?.rated) return { kind: "rated" };
  if (aloneAtQuick(s, me)) return { kind: "alone" };
  if (s.autoStart > 0) {
    const ms = s.autoStart - serverNow;
    return ms > 0 ? { kind: "counting", seconds: Math.ceil(ms / 1000) } : { kind: "starting" };
  }
  return { kind: "waiting" };
}
