/**
 * After a result, the next game at the same table starts by consent: a person's `play-again`
 * asks (or agrees), and the next game starts once every person seated agreed; CPUs agree at
 * once, so against the computer or on one device it starts at once. A person who declines
 * gives up the seat: a CPU takes it at a quick-play table; at any other it is free for someone
 * to sit in (which agrees), or for a CPU once someone who agreed asks again.
 */
import { refusal } from "../core/errors";
import { err, ok, type Result } from "../core/result";
import { beginGame } from "./play";
import {
  cpuSeat,
  type FinishedMatch,
  type Match,
  type MatchError,
  type Offer,
  openSeat,
  peopleSeats,
  type Seat,
  seatsOf,
} from "./state";

export function playAgain(m: Match, player: string, now: number): Result<Match, MatchError> {
  if (m.phase !== "finished") return err(refusal("phase/not-finished"));
  const held = seatsOf(m, player);
  if (held.length === 0) return err(refusal("seat/not-seated"));
  const offer = m.offer;
  if (!offer) {
    const needed = peopleSeats(m).filter((s) => !held.includes(s));
    const asked: Offer = { kind: "rematch", seat: held[0]!, needed, agreed: [], plies: 0 };
    // Nobody else to ask (against the computer, on one device): it starts at once.
    return ok(settleRematch({ ...m, offer: asked }, now, true));
  }
  const seat = offer.needed.find((s) => held.includes(s) && !offer.agreed.includes(s));
  if (seat !== undefined)
    return ok(settleRematch({ ...m, offer: { ...offer, agreed: [...offer.agreed, seat] } }, now));
  // Everyone agreed but a seat someone gave up is still free: asking again starts the game
  // with a CPU there.
  if (offer.needed.every((s) => offer.agreed.includes(s))) return ok(settleRematch(m, now, true));
  return err(refusal("offer/pending"));
}

/** A person seated declines the next game: they give up their seat. */
export function declineRematch(m: Match, player: string, now: number): Result<Match, MatchError> {
  if (m.phase !== "finished" || m.offer?.kind !== "rematch")
    return err(refusal("rematch/not-asked"));
  if (seatsOf(m, player).length === 0) return err(refusal("seat/not-seated"));
  return ok(giveUpSeats(m, player, now));
}

/**
 * A person's seats after a result, given up (they declined or left): a CPU's at a quick-play
 * table, open elsewhere. The request for the next game goes on without them; if they asked
 * for it, it is withdrawn.
 */
export function giveUpSeats(m: FinishedMatch, player: string, now: number): Match {
  const held = seatsOf(m, player);
  const seats = m.seats.map((s, i): Seat => {
    if (!held.includes(i)) return s;
    return m.quick ? cpuSeat(s) : openSeat(m);
  });
  const offer = m.offer;
  if (offer?.kind !== "rematch") return { ...m, seats };
  if (held.includes(offer.seat)) return { ...m, seats, offer: null };
  const without = (list: readonly number[]) => list.filter((s) => !held.includes(s));
  const rest = { ...offer, needed: without(offer.needed), agreed: without(offer.agreed) };
  return settleRematch({ ...m, seats, offer: rest }, now);
}

/** Someone sat down in a free seat after a result: that agrees to the next game. */
export function satDown(m: FinishedMatch, seat: number, now: number): Match {
  const offer = m.offer;
  if (offer?.kind !== "rematch") return m;
  const agreed = { ...offer, needed: [...offer.needed, seat], agreed: [...offer.agreed, seat] };
  return settleRematch({ ...m, offer: agreed }, now);
}

/**
 * The next game begins once everyone the request waits for agreed. A seat someone gave up at a
 * table with a host stays free for someone else to sit in, unless `withCpus`: someone who
 * agreed asked again to play on with a CPU there.
 */
function settleRematch(m: FinishedMatch, now: number, withCpus = false): Match {
  const offer = m.offer;
  if (!offer || offer.needed.some((s) => !offer.agreed.includes(s))) return m;
  if (!withCpus && !m.quick && m.seats.some((s) => s.kind === "open")) return m;
  return nextGame({ ...m, offer: null }, now);
}

/** The next game: two-player tables swap colours, others may rotate the first seat. */
function nextGame(m: FinishedMatch, now: number): Match {
  const n = m.seats.length;
  if (n === 2) {
    // The occupants change seats.
    const seats = [m.seats[1]!, m.seats[0]!];
    return beginGame({ ...m, seats: seats.map(reopenLeft(m)) }, 0, now);
  }
  const first = m.rules.rotateFirst ? (m.firstSeat + 1) % n : m.firstSeat;
  return beginGame({ ...m, seats: m.seats.map(reopenLeft(m)) }, first, now);
}

/** CPU seats from players who left become open again, to be refilled at the current level. */
function reopenLeft(m: Match) {
  return (s: Seat): Seat => (s.kind === "cpu" ? openSeat(m) : s);
}
