/** Draw offers and takeback requests: who must agree, and what agreeing does. */
import { refusal } from "../core/errors";
import { err, ok, type Result } from "../core/result";
import { charge } from "./clock";
import { replay, setupOf } from "./replay";
import type { Match, MatchError, Offer, PlayingMatch } from "./state";
import { seatsOf } from "./state";
import { withTurn } from "./turns";

/** Seats of other humans still in the game whose agreement an offer needs. */
function othersInGame(m: PlayingMatch, player: string): number[] {
  const game = m.game;
  return m.seats.flatMap((s, i) =>
    s.kind === "human" &&
    s.player !== player &&
    !game.out[i] &&
    !m.seats.slice(0, i).some((o) => o.kind === "human" && o.player === s.player)
      ? [i]
      : [],
  );
}

export function offerDraw(m: Match, player: string): Result<Match, MatchError> {
  if (m.phase !== "playing") return err(refusal("phase/not-playing"));
  const game = m.game;
  const held = seatsOf(m, player).filter((s) => !game.out[s]);
  if (held.length === 0) return err(refusal("seat/not-seated"));
  if (m.offer) return err(refusal("offer/pending"));
  const needed = othersInGame(m, player);
  if (needed.length === 0) return err(refusal("draw/no-opponent"));
  return ok({ ...m, offer: { kind: "draw", seat: held[0]!, needed, agreed: [], plies: 0 } });
}

export function requestTakeback(m: Match, player: string, now: number): Result<Match, MatchError> {
  if (m.phase !== "playing") return err(refusal("phase/not-playing"));
  const held = seatsOf(m, player);
  if (held.length === 0) return err(refusal("seat/not-seated"));
  if (m.offer) return err(refusal("offer/pending"));
  if (m.rules.rated) return err(refusal("takeback/rated"));
  // Undo back to just before the requester's last move (in hot-seat: the last move).
  let index = -1;
  for (let i = m.log.length - 1; i >= 0; i--) {
    if (held.includes(m.log[i]!.seat) && m.log[i]!.by === "player") {
      index = i;
      break;
    }
  }
  if (index < 0) return err(refusal("takeback/nothing"));
  if (m.log.slice(index).some((e) => e.move === null))
    return err(refusal("takeback/after-resignation"));
  const plies = m.log.length - index;
  // Everyone else who moved since must agree; if nobody has, the player now to move must.
  const movers = new Set(m.log.slice(index + 1).map((e) => e.seat));
  const others = othersInGame(m, player);
  let needed = others.filter((s) => movers.has(s));
  if (needed.length === 0 && others.includes(m.game.turn)) needed = [m.game.turn];
  if (!m.rules.takebackConsent) needed = [];
  const seat = m.log[index]!.seat;
  if (needed.length === 0) return takeBack(m, plies, now);
  return ok({ ...m, offer: { kind: "takeback", seat, needed, agreed: [], plies } });
}

export function answer(
  m: Match,
  player: string,
  kind: Offer["kind"],
  accept: boolean,
  now: number,
): Result<Match, MatchError> {
  const offer = m.offer;
  if (m.phase !== "playing" || !offer || offer.kind !== kind) return err(refusal("offer/none"));
  const seat = offer.needed.find((s) => m.seats[s]?.player === player && !offer.agreed.includes(s));
  if (seat === undefined) return err(refusal("offer/not-yours"));
  if (!accept) return ok({ ...m, offer: null });
  const agreed = [...offer.agreed, seat];
  if (agreed.length < offer.needed.length) return ok({ ...m, offer: { ...offer, agreed } });
  if (kind === "takeback") return takeBack(m, offer.plies, now);
  const r = m.game.agreeDraw();
  if (!r.ok) return r;
  return ok(withTurn({ ...m, game: r.value, offer: null, ...charge(m, now, false) }, now));
}

/** Rebuilds the game without its last `plies` moves by replaying the rest from the start. */
function takeBack(m: PlayingMatch, plies: number, now: number): Result<Match, MatchError> {
  const kept = m.log.slice(0, m.log.length - plies);
  const setup = setupOf(m.rules, m.firstSeat, m.game.startFen);
  const r = replay(m.gameId, setup, kept, true);
  if (!r.ok) return err(refusal("takeback/replay"));
  const { game, pieces, nextPieceId } = r.value;
  return ok(
    withTurn(
      {
        ...m,
        game,
        log: kept,
        pieces: pieces ?? [],
        nextPieceId,
        offer: null,
        notices: [],
        // The time since the turn began is charged; none is given back.
        ...charge(m, now, false),
      },
      now,
    ),
  );
}
