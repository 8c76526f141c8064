import { FOURCHESS_COLORS } from "../shared/core/seats";
import { FourChess, type FourChessOptions } from "../shared/games/fourchess/game";
import { matchingMoves, moveUci, readMoveText } from "../shared/games/fourchess/notation";
import type { Format, Position } from "../shared/games/fourchess/position";
import { type Args, type GameCli, movesArg, stringArg, UsageError } from "./args";

function format(args: Args): Format {
  const mode = stringArg(args, "mode") ?? stringArg(args, "format") ?? "teams";
  if (mode === "teams") return "teams";
  if (mode === "ffa" || mode === "individual") return "individual";
  throw new UsageError(`--mode must be teams or ffa, got "${mode}"`);
}

function startGame(args: Args): FourChess {
  const moveLimit = stringArg(args, "move-limit");
  const options: FourChessOptions = {
    format: format(args),
    moveLimit: moveLimit ? Number(moveLimit) : null,
  };
  const fen = stringArg(args, "fen4") ?? stringArg(args, "fen");
  if (!fen) return FourChess.start(options);
  const game = FourChess.fromFen4(fen, options);
  if (!game.ok) throw new UsageError(game.error.message);
  return game.value;
}

/** Finds the packed move for typed text in a position, or explains why there is none. */
function resolve(pos: Position, text: string): number {
  const input = readMoveText(pos, text);
  if (!input.ok) throw new UsageError(input.error.message);
  const found = matchingMoves(pos, input.value);
  const wanted = input.value.promotion;
  const m = found.find((c) => !wanted || moveUci(c).endsWith(`=${wanted}`)) ?? found[0];
  if (m === undefined || (found.length > 1 && !wanted))
    throw new UsageError(`illegal move "${text}"`);
  return m;
}

export const fourchessCli: GameCli = {
  perft(args, depth) {
    const pos = startGame(args).position();
    for (const text of movesArg(args)) pos.make(resolve(pos, text));
    if (depth === 0) return { divide: [], total: 1 };
    const divide: [string, number][] = [];
    let total = 0;
    for (const m of pos.legalMoves()) {
      pos.make(m);
      const n = pos.perft(depth - 1);
      pos.unmake();
      divide.push([moveUci(m), n]);
      total += n;
    }
    return { divide, total };
  },

  play(args) {
    let game = startGame(args);
    for (const text of movesArg(args)) {
      const input = readMoveText(game.position(), text);
      if (!input.ok) return { ok: false, reason: `${text}: ${input.error.message}` };
      const next = game.play(input.value);
      if (!next.ok)
        return { ok: false, reason: `${text}: ${next.error.code}: ${next.error.message}` };
      game = next.value;
    }
    const color = (seat: number) => FOURCHESS_COLORS[seat]!;
    const outcome = game.outcome;
    return {
      ok: true,
      json: {
        fen4: game.fen4(),
        turn: outcome ? null : color(game.turn),
        legalMoves: game
          .legalMoves()
          .map((m) => `${m.from}-${m.to}${m.promotion ? `=${m.promotion}` : ""}`),
        scores: Object.fromEntries(game.scores.map((s, i) => [color(i), s])),
        out: Object.fromEntries(game.out.map((o, i) => [color(i), o])),
        moves: game.moves.map((m) => m.notation),
        outcome: outcome && {
          result: outcome.draw ? "draw" : "win",
          reason: outcome.reason,
          winners: outcome.winners.map(color),
          placing: Object.fromEntries(outcome.placing.map((p, i) => [color(i), p])),
          message: outcome.message,
        },
      },
    };
  },
};
