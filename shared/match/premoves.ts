/**
 * Premoves: one move a person queues for their seat while another seat is to move. It stays
 * on the server (never in the shared state) and is played the moment the seat's turn arrives,
 * if it is legal then, at no cost on the clock (the increment is still added); otherwise it
 * is dropped, and only its player is told why (`premoveNews`, which the room passes on). A
 * premove that promotes without naming a piece promotes to a queen.
 */
import { refusal } from "../core/errors";
import { err, ok, type Result } from "../core/result";
import { GAMES, type GameId } from "../games/catalog";
import type { MoveInput } from "../games/types";
import { flagFallen } from "./clock";
import { applyMove } from "./play";
import { type Match, type MatchError, type PremoveNews, seatsOf } from "./state";

const FILES = "abcdefghijklmn";

/** The square is on the game's grid. */
function onBoard(game: GameId, name: string): boolean {
  const { files, ranks, firstRank } = GAMES[game].board;
  const file = FILES.indexOf(name[0] ?? "");
  const digits = name.slice(1);
  const rank = /^(0|[1-9][0-9]?)$/.test(digits) ? Number(digits) - firstRank : -1;
  return file >= 0 && file < files && rank >= 0 && rank < ranks;
}

/**
 * Queues `move` for the player's seat (null clears it). Refused while it is the player's turn
 * (they move instead), for a seat out of the game, and for a move that does not start from one
 * of the seat's own pieces as the board stands; whether it is legal is judged when it is played.
 */
export function setPremove(
  m: Match,
  player: string,
  move: MoveInput | null,
): Result<Match, MatchError> {
  if (m.phase !== "playing") return err(refusal("phase/not-playing"));
  const held = seatsOf(m, player);
  if (held.length === 0) return err(refusal("seat/not-seated"));
  if (held.includes(m.game.turn)) return err(refusal("premove/your-turn"));
  const seat = held.find((s) => !m.game.out[s]);
  if (seat === undefined) return err(refusal("game/seat-out"));
  if (move) {
    for (const square of [move.from, move.to])
      if (!onBoard(m.gameId, square)) return err(refusal("move/invalid-square", { square }));
    const piece = m.pieces.find((p) => p.square === move.from);
    if (!piece) return err(refusal("move/no-piece", { square: move.from }));
    if (piece.seat !== seat) return err(refusal("move/not-your-piece", { square: move.from }));
  }
  // The move already queued, or clearing none: nothing changes.
  if (sameMove(m.premoves[seat] ?? null, move)) return ok(m);
  return ok({ ...m, premoves: m.premoves.map((p, i) => (i === seat ? move : p)) });
}

const sameMove = (a: MoveInput | null, b: MoveInput | null): boolean =>
  a === null || b === null
    ? a === b
    : a.from === b.from && a.to === b.to && (a.promotion ?? null) === (b.promotion ?? null);

/**
 * After every action: premoves that can no longer be played are dropped (the game is over,
 * the seat is out or a CPU took it), then the premove of the seat to move, if any, is played,
 * and so on while the next seat has one too. `before` is the match before the action, for
 * the players of seats that changed hands.
 */
export function settlePremoves(before: Match, m: Match, now: number): Match {
  if (!m.premoves.some((p) => p !== null)) return m;
  const news: PremoveNews[] = [];
  const playerOf = (seat: number) => m.seats[seat]?.player ?? before.seats[seat]?.player ?? "";
  const premoves = m.premoves.map((move, seat) => {
    if (!move) return null;
    const s = m.seats[seat];
    const playable = m.phase === "playing" && s?.kind === "human" && !m.game.out[seat];
    if (playable) return move;
    news.push({ seat, player: playerOf(seat), move, played: false, refusal: null });
    return null;
  });
  let cur: Match = { ...m, premoves };
  // Each round plays or drops one premove, so this ends within one round per seat.
  while (cur.phase === "playing") {
    const seat = cur.game.turn;
    const move = cur.premoves[seat];
    if (!move) break;
    const player = playerOf(seat);
    const without: Match = {
      ...cur,
      premoves: cur.premoves.map((p, i) => (i === seat ? null : p)),
    };
    if (without.phase !== "playing") break;
    let played = flagFallen(without, now)
      ? err(refusal("clock/out"))
      : applyMove(without, seat, move, "player", now);
    // A premove cannot know it will promote (the board asks only on one's own turn): it
    // promotes to the first choice, a queen, as a premove does on lichess.
    if (!played.ok && played.error.code === "move/promotion-required" && !move.promotion) {
      const first = String(played.error.params?.choices ?? "Q")
        .split(",")[0]!
        .trim();
      played = applyMove(without, seat, { ...move, promotion: first }, "player", now);
    }
    if (!played.ok) {
      news.push({ seat, player, move, played: false, refusal: played.error });
      cur = without;
      break;
    }
    news.push({ seat, player, move, played: true, refusal: null });
    cur = played.value;
  }
  return { ...cur, premoveNews: [...cur.premoveNews, ...news] };
}
