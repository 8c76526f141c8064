/**
 * What the commands field (model/commands.ts) answers from: at a table, the game now (or the
 * position a review shows) with the seats, clocks and the last move; on a game's page, the
 * position its review shows.
 */
import type { GameId } from "../../../../shared/games/catalog";
import type { Game } from "../../../../shared/games/types";
import { replay, type SetupRules, setupOf } from "../../../../shared/match/replay";
import type { MoveEntry } from "../../../../shared/match/state";
import type { TableView } from "../../../../shared/protocol/views";
import { personName, t } from "../../i18n";
import { type ClockFacts, type CommandContext, positionContext } from "../../model/commands";
import type { Me } from "../../model/facts";
import { clockFace } from "../../model/gameClock";
import type { GameMirror } from "../../model/mirror";
import { entryText } from "../../parts/moves";

/** The game after the first `step` entries of a record (null when the rules refuse one). */
export function gameAt(
  game: GameId,
  rules: SetupRules,
  startFen: string,
  entries: readonly MoveEntry[],
  step: number,
): Game | null {
  const played = replay(game, setupOf(rules, 0, startFen), entries.slice(0, step));
  return played.ok ? played.value.game : null;
}

/** The last entry of the first `step` entries, as the move list writes it. */
function lastOf(entries: readonly MoveEntry[], step: number): CommandContext["last"] {
  const m = entries[step - 1];
  return m ? { seat: m.seat, text: entryText(m) } : null;
}

/** How a seat is named: its person, the word for a CPU, or nobody. */
function nameOf(seat: { readonly kind: string; readonly name: string }): string {
  if (seat.kind === "cpu") return t("seat.cpu");
  if (seat.kind === "human") return personName(seat.name);
  return "";
}

/** The clocks at the table at the server's time `serverNow`. */
function clocksOf(s: TableView, serverNow: number): ClockFacts {
  if (s.rules.clock)
    return {
      kind: "clock",
      ms: s.seats.map((_, i) => clockFace(s, i, serverNow)?.ms ?? 0),
    };
  if (s.rules.turnTimer > 0) {
    const timed = s.phase === "playing" && s.clockBase > 0 && s.turnDeadline > 0;
    return timed
      ? { kind: "timer", seat: s.turn, ms: Math.max(0, s.clockBase + s.turnDeadline - serverNow) }
      : { kind: "timer", seat: -1, ms: 0 };
  }
  return { kind: "none" };
}

/**
 * At a table: the game now, or the step `reviewStep` of its review (null outside one), with the
 * clocks at the server's time `serverNow`.
 */
export function tableContext(
  s: TableView,
  me: Me,
  mirror: GameMirror,
  reviewStep: number | null,
  serverNow: number,
): CommandContext | null {
  const entries = mirror.entries;
  const step = reviewStep ?? entries.length;
  const position =
    reviewStep === null || reviewStep === entries.length
      ? mirror.current
      : gameAt(s.game, s.rules, s.startFen, entries, reviewStep);
  if (!position) return null;
  return positionContext(position, {
    format: s.rules.format,
    seats: Array.from(s.seats, (seat) => ({ name: nameOf(seat) })),
    mySeats: me.seats,
    clocks: clocksOf(s, serverNow),
    last: lastOf(entries, step),
    over: s.phase !== "playing" && reviewStep === null,
  });
}

/** On a game's page: the position after `step` entries of the finished game. */
export function reviewContext(
  game: GameId,
  rules: SetupRules,
  startFen: string,
  entries: readonly MoveEntry[],
  step: number,
  seats: readonly { readonly kind: string; readonly name: string }[],
  mySeats: readonly number[],
): CommandContext | null {
  const position = gameAt(game, rules, startFen, entries, step);
  if (!position) return null;
  return positionContext(position, {
    format: rules.format,
    seats: seats.map((seat) => ({ name: nameOf(seat) })),
    mySeats,
    clocks: { kind: "none" },
    last: lastOf(entries, step),
  });
}
