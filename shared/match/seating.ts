/** Who sits where: taking and leaving seats, and players dropping and coming back. */

import { refusal } from "../core/errors";
import { lookalikeKey } from "../core/lookalike";
import { err, ok, type Result } from "../core/result";
import { charge } from "./clock";
import { settleQuick } from "./play";
import { isPlayerId } from "./rated";
import { giveUpSeats, satDown } from "./rematch";
import { DEFAULT_LEVEL } from "./rules";
import { cpuSeat, type Match, type MatchError, openSeat, type Seat, seatsOf } from "./state";
import { withTurn } from "./turns";

/**
 * Takes a seat before the start, or a free seat after a result (sitting down then agrees to
 * the next game).
 */
export function sit(
  m: Match,
  player: string,
  name: string,
  seat: number,
  now: number,
): Result<Match, MatchError> {
  if (m.phase === "playing") return err(refusal("phase/not-waiting"));
  if (m.rules.rated && !isPlayerId(player)) return err(refusal("rated/key"));
  const target = m.seats[seat];
  if (!target) return err(refusal("seat/invalid", { seat }));
  if (target.kind !== "open") {
    return target.player === player
      ? err(refusal("seat/already-yours"))
      : err(refusal("seat/taken"));
  }
  const held = seatsOf(m, player);
  if (m.phase === "finished" && held.length > 0) return err(refusal("phase/not-waiting"));
  const seated = distinctName(m, player, name);
  const seats = m.seats.map((s, i): Seat => {
    if (i === seat)
      return {
        kind: "human",
        player,
        name: seated,
        connected: true,
        awaySince: null,
        level: DEFAULT_LEVEL[m.gameId],
      };
    if (!m.hotSeat && held.includes(i)) return openSeat(m);
    return s;
  });
  if (m.phase === "finished") return ok(satDown({ ...m, seats }, seat, now));
  return ok(settleQuick({ ...m, seats }, now));
}

/** A name no other person seated at the table goes by. */
function distinctName(m: Match, player: string, name: string): string {
  const seated = m.seats.filter((s) => s.kind === "human" && s.player !== player);
  return nameApart(
    name,
    seated.map((s) => s.name),
  );
}

/**
 * `name`, or if it looks like one taken (case and look-alike characters aside) "Ana 2",
 * "Ana 3"…: the first that does not.
 */
export function nameApart(name: string, taken: Iterable<string>): string {
  // No name: every client shows its own word for a player; there is nothing to tell apart.
  if (name === "") return name;
  const keys = new Set([...taken].map(lookalikeKey));
  if (!keys.has(lookalikeKey(name))) return name;
  for (let n = 2; ; n++) if (!keys.has(lookalikeKey(`${name} ${n}`))) return `${name} ${n}`;
}

export function stand(m: Match, player: string, now: number): Result<Match, MatchError> {
  if (m.phase !== "waiting") return err(refusal("phase/not-waiting"));
  const held = seatsOf(m, player);
  if (held.length === 0) return err(refusal("seat/not-seated"));
  const seats = m.seats.map((s, i) => (held.includes(i) ? openSeat(m) : s));
  return ok(settleQuick({ ...m, seats }, now));
}

export function connection(
  m: Match,
  player: string,
  up: boolean,
  now: number,
): Result<Match, MatchError> {
  const held = seatsOf(m, player);
  if (held.length === 0) return err(refusal("seat/not-seated"));
  const standIn =
    up && m.standIn && held.includes(m.standIn.seat) && m.standIn.reason === "away"
      ? null
      : m.standIn;
  const unchanged = held.every((i) => {
    const s = m.seats[i]!;
    return s.connected === up && (s.awaySince === null) === up;
  });
  if (unchanged && standIn === m.standIn) return ok(m);
  const seats = m.seats.map((s, i) =>
    held.includes(i) ? { ...s, connected: up, awaySince: up ? null : (s.awaySince ?? now) } : s,
  );
  return ok({ ...m, seats, standIn });
}

/**
 * A person left for good: a CPU plays on for them during a game; after a result they give up
 * the seat as if they declined the next game; before the start the seat is free again.
 */
export function leave(m: Match, player: string, now: number): Result<Match, MatchError> {
  const held = seatsOf(m, player);
  if (held.length === 0) return err(refusal("seat/not-seated"));
  if (m.phase === "finished") return ok(giveUpSeats(m, player, now));
  if (m.phase === "waiting") {
    const seats = m.seats.map((s, i) => (held.includes(i) ? openSeat(m) : s));
    return ok(settleQuick({ ...m, seats }, now));
  }
  const seats = m.seats.map((s, i): Seat => (held.includes(i) ? cpuSeat(s) : s));
  const standIn = m.standIn && held.includes(m.standIn.seat) ? null : m.standIn;
  const offer = m.offer?.needed.some((s) => held.includes(s)) ? null : m.offer;
  // A CPU has no flag: one that takes over the seat to move plays without it.
  const deadline = m.rules.clock && held.includes(m.game.turn) ? null : m.deadline;
  return ok({ ...m, seats, standIn, offer, deadline });
}

/**
 * Everyone left a game that only CPUs play now, and nobody watches it: it ends as it stands
 * (`abandoned`), so that it reaches the archive with a result instead of vanishing with the
 * empty table, and no CPU plays on for nobody. Individual ranks by points; otherwise the side
 * whose people played and left loses (a draw when people of every side left).
 */
export function abandon(m: Match, now: number): Result<Match, MatchError> {
  if (m.phase !== "playing") return err(refusal("phase/not-playing"));
  if (m.seats.some((s) => s.kind === "human")) return err(refusal("abandon/people-seated"));
  const left = [...new Set(m.log.filter((e) => e.by === "player").map((e) => e.seat))];
  const ended = m.game.abandon(left);
  if (!ended.ok) return ended;
  return ok(withTurn({ ...m, game: ended.value, offer: null, ...charge(m, now, false) }, now));
}
