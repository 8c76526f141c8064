/**
 * The match: one table's seats, house rules and current game, and the single pure function
 * that moves it forward, `reduce(match, action, now)`. The room, the bots, the load tests and
 * the tests all drive this function; it never reads a clock or a random source. The value is
 * in `state.ts`; the actions' rules in `seating.ts`, `play.ts`, `offers.ts` and `turns.ts`.
 */
import { ok, type Result } from "../core/result";
import type { MoveInput } from "../games/types";
import { aborting } from "./abort";
import { answer, offerDraw, requestTakeback } from "./offers";
import { autoStart, changeRules, cpuMove, flag, humanMove, resign, start } from "./play";
import { setPremove, settlePremoves } from "./premoves";
import { declineRematch, playAgain } from "./rematch";
import type { HouseRules } from "./rules";
import { abandon, connection, leave, sit, stand } from "./seating";
import type { Match, MatchError } from "./state";
import { resume, standInDue, timeout, unpause } from "./turns";

export type {
  FinishedMatch,
  Match,
  MatchError,
  MoveBy,
  MoveEntry,
  Offer,
  Phase,
  PlayingMatch,
  PremoveNews,
  Seat,
  SeatKind,
  StandIn,
  WaitingMatch,
} from "./state";
export { createMatch, MOVE_BY, peopleSeats, plyOf, seatsOf } from "./state";

export type Action =
  | { readonly type: "sit"; readonly player: string; readonly name: string; readonly seat: number }
  | { readonly type: "stand"; readonly player: string }
  | {
      readonly type: "rules";
      readonly player: string;
      readonly host: boolean;
      readonly rules: HouseRules;
    }
  | { readonly type: "start"; readonly player: string; readonly host: boolean }
  /** A quick-play table's wait ran out: it starts with CPUs in the empty seats. */
  | { readonly type: "auto-start" }
  | { readonly type: "move"; readonly player: string; readonly move: MoveInput }
  /** Queues a move for the player's seat while another seat is to move (null: none). */
  | { readonly type: "premove"; readonly player: string; readonly move: MoveInput | null }
  | {
      readonly type: "cpu-move";
      readonly seat: number;
      readonly ply: number;
      readonly move: MoveInput;
    }
  | { readonly type: "resign"; readonly player: string }
  | { readonly type: "offer-draw"; readonly player: string }
  | { readonly type: "answer-draw"; readonly player: string; readonly accept: boolean }
  | { readonly type: "request-takeback"; readonly player: string }
  | { readonly type: "answer-takeback"; readonly player: string; readonly accept: boolean }
  /** The turn timer ran out (the stand-in moves), or with a clock the flag fell (a loss on time). */
  | { readonly type: "timeout"; readonly ply: number }
  | { readonly type: "stand-in-due"; readonly seat: number; readonly ply: number }
  | { readonly type: "drop"; readonly player: string }
  | { readonly type: "return"; readonly player: string }
  | { readonly type: "leave"; readonly player: string }
  /** Nobody is left at a table whose game only CPUs play: it ends as it stands. */
  | { readonly type: "abandon" }
  /** After a result: asks for the next game, or agrees to it. */
  | { readonly type: "play-again"; readonly player: string }
  /** After a result: declines the next game, giving up the seat. */
  | { readonly type: "decline-rematch"; readonly player: string }
  /**
   * The table was brought back after the server stopped: every person counts as away from now
   * (the stand-in grace starts again), and the running turn and its timer start again, the
   * time the server was away charged to nobody. With a clock the running turn goes on instead
   * with the time it had at `since` (when the server stopped, or its last stored action).
   */
  | { readonly type: "resume"; readonly since?: number }
  /**
   * The server is stopping and the table will come back on the next start: nothing changes,
   * but the stored action marks when its clocks stopped (the `since` of the next `resume`).
   */
  | { readonly type: "halt" }
  /**
   * The table was paused from `since` until now (its store could not write): the running turn,
   * its timer and a dropped player's grace move on by that long, charged to nobody.
   */
  | { readonly type: "unpause"; readonly since: number };

export function reduce(m: Match, action: Action, now: number): Result<Match, MatchError> {
  const next = step(m, action, now);
  if (!next.ok) return next;
  // An action that changes nothing (rules set as they are, the premove already queued) gives
  // the very same match back: there is nothing to store or show.
  if (next.value === m) return next;
  // Every match settlePremoves returns is this one or made from it: the version carries over.
  const settled = settlePremoves(
    m,
    { ...next.value, premoveNews: [], version: m.version + 1 },
    now,
  );
  return ok(aborting(m, settled));
}

function step(m: Match, a: Action, now: number): Result<Match, MatchError> {
  switch (a.type) {
    case "sit":
      return sit(m, a.player, a.name, a.seat, now);
    case "stand":
      return stand(m, a.player, now);
    case "rules":
      return changeRules(m, a.host, a.rules);
    case "start":
      return start(m, a.player, a.host, now);
    case "auto-start":
      return autoStart(m, now);
    case "move":
      return humanMove(m, a.player, a.move, now);
    case "cpu-move":
      return cpuMove(m, a.seat, a.ply, a.move, now);
    case "resign":
      return resign(m, a.player, now);
    case "offer-draw":
      return offerDraw(m, a.player);
    case "answer-draw":
      return answer(m, a.player, "draw", a.accept, now);
    case "request-takeback":
      return requestTakeback(m, a.player, now);
    case "answer-takeback":
      return answer(m, a.player, "takeback", a.accept, now);
    case "premove":
      return setPremove(m, a.player, a.move);
    case "timeout":
      return m.rules.clock ? flag(m, a.ply, now) : timeout(m, a.ply, now);
    case "stand-in-due":
      return standInDue(m, a.seat, a.ply, now);
    case "drop":
      return connection(m, a.player, false, now);
    case "return":
      return connection(m, a.player, true, now);
    case "leave":
      return leave(m, a.player, now);
    case "abandon":
      return abandon(m, now);
    case "resume":
      return ok(resume(m, a.since, now));
    case "halt":
      // Changes nothing but is stored all the same: its time is when the clocks stopped.
      return ok({ ...m });
    case "unpause":
      return unpause(m, a.since, now);
    case "play-again":
      return playAgain(m, a.player, now);
    case "decline-rematch":
      return declineRematch(m, a.player, now);
  }
}
