/** Who sits where: taking and leaving seats, and players dropping and coming back. */
import { fail, ok, type Result } from "../core/result";
import { DEFAULT_LEVEL } from "./rules";
import { CPU_NAME, type Match, type MatchError, type Seat, seatsOf } from "./state";

export function sit(
  m: Match,
  player: string,
  name: string,
  seat: number,
): Result<Match, MatchError> {
  if (m.phase !== "waiting")
    return fail("phase/not-waiting", "Seats can be taken only before the start.");
  const target = m.seats[seat];
  if (!target) return fail("seat/invalid", `There is no seat ${seat} at this table.`, { seat });
  if (target.kind !== "open") {
    return target.player === player
      ? fail("seat/already-yours", "You are already in that seat.")
      : fail("seat/taken", "That seat is taken.");
  }
  const held = seatsOf(m, player);
  const seats = m.seats.map((s, i): Seat => {
    if (i === seat)
      return {
        kind: "human",
        player,
        name,
        connected: true,
        awaySince: null,
        level: DEFAULT_LEVEL[m.gameId],
      };
    if (!m.hotSeat && held.includes(i)) return openSeat(m);
    return s;
  });
  return ok({ ...m, seats });
}

export function openSeat(m: Match): Seat {
  return {
    kind: "open",
    player: null,
    name: "",
    connected: false,
    awaySince: null,
    level: m.rules.cpuLevel,
  };
}

export function stand(m: Match, player: string): Result<Match, MatchError> {
  if (m.phase !== "waiting")
    return fail("phase/not-waiting", "You can stand up only before the start.");
  const held = seatsOf(m, player);
  if (held.length === 0) return fail("seat/not-seated", "You are not in a seat.");
  return ok({ ...m, seats: m.seats.map((s, i) => (held.includes(i) ? openSeat(m) : s)) });
}

export function connection(
  m: Match,
  player: string,
  up: boolean,
  now: number,
): Result<Match, MatchError> {
  const held = seatsOf(m, player);
  if (held.length === 0) return fail("seat/not-seated", "That player has no seat.");
  const seats = m.seats.map((s, i) =>
    held.includes(i) ? { ...s, connected: up, awaySince: up ? null : (s.awaySince ?? now) } : s,
  );
  const standIn =
    up && m.standIn && held.includes(m.standIn.seat) && m.standIn.reason === "away"
      ? null
      : m.standIn;
  return ok({ ...m, seats, standIn });
}

export function leave(m: Match, player: string): Result<Match, MatchError> {
  const held = seatsOf(m, player);
  if (held.length === 0) return fail("seat/not-seated", "That player has no seat.");
  const seats = m.seats.map((s, i): Seat => {
    if (!held.includes(i)) return s;
    if (m.phase === "playing")
      return { ...s, kind: "cpu", player: null, name: CPU_NAME, connected: true, awaySince: null };
    return openSeat(m);
  });
  const standIn = m.standIn && held.includes(m.standIn.seat) ? null : m.standIn;
  const offer = m.offer?.needed.some((s) => held.includes(s)) ? null : m.offer;
  return ok({ ...m, seats, standIn, offer });
}
