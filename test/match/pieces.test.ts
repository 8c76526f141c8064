/**
 * Pieces keep their ids across moves (shared/match/pieces.ts): the mover keeps its id, pieces
 * that stayed keep theirs, a captured piece's id goes. The usual move is followed in one pass;
 * a list in another order takes the general way, and both must give the same ids.
 */
import { describe, expect, it } from "vitest";
import { chooseMove } from "../../shared/bots/simple";
import type { GameId } from "../../shared/games/catalog";
import type { Game, MoveInput, TrackedPiece } from "../../shared/games/types";
import { trackPieces } from "../../shared/match/pieces";
import { advance, type Replayed, setupOf, startGame } from "../../shared/match/replay";
import { defaultRules } from "../../shared/match/rules";

const KINDS: readonly { id: GameId; format: "teams" | "individual" }[] = [
  { id: "xiangqi", format: "teams" },
  { id: "fourchess", format: "teams" },
  { id: "fourchess", format: "individual" },
];

const FILES = "abcdefghijklmn";
const fileOf = (sq: string) => FILES.indexOf(sq[0]!);

/**
 * The simple CPU's move, except that castling, promotion and en passant come first whenever
 * legal, so that the games meet the moves the one pass leaves to the general way.
 */
function special(game: Game, seed: number): MoveInput {
  const at = new Map(game.pieces().map((p) => [p.square, p] as const));
  const legal = game.legalMoves();
  const found = legal.find((m) => {
    const p = at.get(m.from);
    const sideways = Math.abs(fileOf(m.from) - fileOf(m.to));
    const rankwise = Math.abs(Number(m.from.slice(1)) - Number(m.to.slice(1)));
    if (p?.kind === "K" && (sideways >= 2 || rankwise >= 2)) return true;
    if (m.promotion) return true;
    return p?.kind === "P" && sideways === 1 && rankwise === 1 && !at.has(m.to);
  });
  return found ?? chooseMove(game, seed)!;
}

const ids = (ps: readonly TrackedPiece[]) =>
  [...ps].map((p) => `${p.id}@${p.square}${p.kind}${p.seat}`).sort();

describe("piece ids across moves", () => {
  for (const k of KINDS)
    it(`${k.id} ${k.format}: the one-pass way and the general way agree`, () => {
      const notations = new Set<string>();
      let passant = 0;
      for (let seed = 1; seed <= 6; seed++) {
        const s = startGame(k.id, setupOf({ ...defaultRules(k.id), format: k.format }), true);
        if (!s.ok) throw new Error(s.error.message);
        let r: Replayed = s.value;
        for (let ply = 0; ply < 300 && !r.game.outcome; ply++) {
          const move =
            k.id === "fourchess"
              ? special(r.game, seed * 1000 + ply)
              : chooseMove(r.game, seed * 1000 + ply)!;
          const before = r.pieces!;
          const next = advance(r, { seat: r.game.turn, move });
          if (!next.ok) throw new Error(next.error.message);
          const after = next.value;
          const played = after.game.lastMove!;
          notations.add(played.notation);
          if (played.captured && played.captured !== played.to) passant++;
          const tracked = after.pieces!;
          // The pieces are the game's, in its order.
          expect(tracked.map(({ square, kind, seat }) => ({ square, kind, seat }))).toEqual(
            after.game.pieces(),
          );
          // Ids are unique; the mover keeps its id; a piece that stayed keeps its id.
          expect(new Set(tracked.map((p) => p.id)).size).toBe(tracked.length);
          const mover = before.find((p) => p.square === move.from)!;
          expect(tracked.find((p) => p.square === move.to)?.id).toBe(mover.id);
          for (const p of before) {
            if (p.square === move.from || p.square === move.to) continue;
            const now = tracked.find((q) => q.square === p.square);
            if (now && now.kind === p.kind && now.seat === p.seat) expect(now.id).toBe(p.id);
          }
          // The same move followed from the list in another order gives the same ids.
          const general = trackPieces(
            [...before].reverse(),
            after.game.pieces(),
            played,
            r.nextPieceId,
          );
          expect(ids(general.pieces)).toEqual(ids(tracked));
          expect(general.nextId).toBe(after.nextPieceId);
          r = after;
        }
      }
      // The games met the moves the one pass leaves to the general way.
      if (k.id === "fourchess") {
        expect([...notations].some((n) => n.startsWith("O-O"))).toBe(true);
        expect(passant).toBeGreaterThan(0);
      }
    });
});
