/**
 * Finished games made up with the shared rules, as the archive keeps them: seeded moves that
 * prefer captures, made in turn by a player, a CPU and a stand-in, then resignations until the
 * game ends. For the exports' tests and for archive pages opened in the browser.
 */
import { unwrap } from "../../shared/core/result";
import type { GameId } from "../../shared/games/catalog";
import { MOVE_BY } from "../../shared/match/by";
import { advance, setupOf, startGame } from "../../shared/match/replay";
import type { HouseRules } from "../../shared/match/rules";
import type { ArchivedGame, ArchivedMove, PublishedGame } from "../../shared/protocol/archive";

export interface RecordSpec {
  readonly game: GameId;
  readonly rules: HouseRules;
  readonly plies: number;
  readonly players: PublishedGame["players"];
  /** Seats that resign after the moves, in turn, until the game ends. */
  readonly resign: readonly number[];
  readonly seed?: number;
  /** 22 characters (base64url). */
  readonly id?: string;
  /** Who made each move, by ply (default: player, CPU, stand-in in turn). */
  readonly by?: (ply: number, seat: number) => string;
}

export function recordOf(spec: RecordSpec): ArchivedGame {
  const { game, rules } = spec;
  let seed = spec.seed ?? 1;
  const random = () => {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    return seed / 2 ** 32;
  };
  let r = unwrap(startGame(game, setupOf(rules)));
  const moves: ArchivedMove[] = [];
  const at = (i: number) => 1_700_000_000_000 + i * 1000;
  for (let i = 0; i < spec.plies && !r.game.outcome; i++) {
    const legal = r.game.legalMoves().filter((m) => !m.promotion || m.promotion === "Q");
    const occupied = new Set(r.game.pieces().map((p) => p.square));
    const captures = legal.filter((m) => occupied.has(m.to));
    const pool = captures.length > 0 && random() < 0.7 ? captures : legal;
    const move = pool[Math.floor(random() * pool.length)]!;
    const seat = r.game.turn;
    r = unwrap(advance(r, { seat, move }));
    moves.push({
      seat,
      from: move.from,
      to: move.to,
      promotion: move.promotion ?? null,
      notation: r.game.lastMove!.notation,
      by: spec.by?.(i, seat) ?? MOVE_BY[i % 3]!,
      at: at(i),
    });
  }
  for (const seat of spec.resign) {
    if (r.game.outcome || r.game.out[seat]) continue;
    r = unwrap(advance(r, { seat, move: null }));
    moves.push({
      seat,
      from: null,
      to: null,
      promotion: null,
      notation: "R",
      by: "player",
      at: at(moves.length),
    });
  }
  const outcome = r.game.outcome;
  if (!outcome) throw new Error("the made-up game did not end");
  return {
    id: spec.id ?? "AAAAAAAAAAAAAAAAAAAAAA",
    tableId: "made-up",
    private: false,
    game,
    format: rules.format,
    rules: { ...rules },
    startFen: r.game.startFen,
    players: spec.players,
    moves,
    result: {
      reason: outcome.reason,
      draw: outcome.draw,
      winners: [...outcome.winners],
      placing: [...outcome.placing],
      code: outcome.code,
      params: { ...outcome.params },
      message: outcome.message,
    },
    startedAt: at(0),
    finishedAt: at(moves.length),
  };
}
