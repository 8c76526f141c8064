import { XIANGQI_COLORS } from "../shared/core/seats";
import { Xiangqi } from "../shared/games/xiangqi/game";
import { iccsOf } from "../shared/games/xiangqi/iccs";
import { type Args, type GameCli, movesArg, stringArg, UsageError } from "./args";

function startGame(args: Args): Xiangqi {
  const fen = stringArg(args, "fen");
  if (!fen) return Xiangqi.start();
  const game = Xiangqi.fromFen(fen);
  if (!game.ok) throw new UsageError(`${game.error.code}: ${game.error.message}`);
  return game.value;
}

type Played = { ok: true; game: Xiangqi } | { ok: false; reason: string };

/** Plays `--moves` (ICCS or WXF, mixed freely) from `--fen` or the start. */
function playMoves(args: Args): Played {
  let game = startGame(args);
  for (const text of movesArg(args)) {
    const next = game.playText(text);
    if (!next.ok)
      return { ok: false, reason: `${text}: ${next.error.code}: ${next.error.message}` };
    game = next.value;
  }
  return { ok: true, game };
}

export const xiangqiCli: GameCli = {
  perft(args, depth) {
    const played = playMoves(args);
    if (!played.ok) throw new UsageError(played.reason);
    const pos = played.game.position();
    if (depth === 0) return { divide: [], total: 1 };
    const divide: [string, number][] = [];
    let total = 0;
    for (const m of pos.legalMoves().sort((a, b) => iccsOf(a).localeCompare(iccsOf(b)))) {
      pos.make(m);
      const n = pos.perft(depth - 1);
      pos.unmake();
      divide.push([iccsOf(m), n]);
      total += n;
    }
    return { divide, total };
  },

  play(args) {
    const played = playMoves(args);
    if (!played.ok) return played;
    const game = played.game;
    const color = (seat: number) => XIANGQI_COLORS[seat]!;
    const outcome = game.outcome;
    return {
      ok: true,
      json: {
        fen: game.fen(),
        turn: outcome ? null : color(game.turn),
        inCheck: game.inCheck(game.turn),
        legalMoves: game.legalMoves().map((m) => m.from + m.to),
        moves: game.moves.map((m) => m.notation),
        iccs: game.moves.map((m) => m.from + m.to),
        notices: game.moves.flatMap((m, i) =>
          m.notices.map((n) => ({
            ply: i + 1,
            code: n.code,
            message: n.message,
            ...(n.seat === undefined ? {} : { seat: color(n.seat) }),
          })),
        ),
        outcome: outcome && {
          result: outcome.draw ? "draw" : "win",
          reason: outcome.reason,
          winners: outcome.winners.map(color),
          ...(outcome.mate ? { mate: outcome.mate.name } : {}),
          message: outcome.message,
        },
      },
    };
  },
};
