/**
 * Finished games with a known blunder, for the analysis tests: a few opening moves, then the
 * side to move puts its most valuable piece (a xiangqi chariot, a four-player queen) where the
 * next player takes it with a cheaper piece, the next player takes it, and the blunderer
 * resigns. Built with the shared rules from fixed choices, so every run makes the same game.
 * Also games the CPU plays against itself, seeded, for the Individual test and the benchmark.
 */

import { chooseFourChessMove } from "../../shared/bots/fourchess";
import { chooseXiangqiMove } from "../../shared/bots/xiangqi";
import type { Format, GameId } from "../../shared/games/catalog";
import { fourChessOf } from "../../shared/games/fourchess/adapter";
import { gameDefinition } from "../../shared/games/registry";
import type { Game, GameSetup, MoveInput } from "../../shared/games/types";
import { xiangqiOf } from "../../shared/games/xiangqi/adapter";
import { setupOf } from "../../shared/match/replay";
import type { MoveEntry } from "../../shared/match/state";
import type { ArchivedGame, ArchivedMove } from "../../shared/protocol/archive";

export interface BlunderGame {
  readonly game: GameId;
  readonly format: Format;
  readonly setup: GameSetup;
  readonly log: Pick<MoveEntry, "seat" | "move">[];
  /** The index in `log` of the blunder. */
  readonly blunder: number;
  /** The position after every entry. */
  readonly games: Game[];
}

const OPENINGS: Readonly<Record<string, readonly string[]>> = {
  xiangqi: ["h2e2", "h9g7", "h0g2", "g6g5", "i0h0", "b9c7"],
  teams: ["g2-g3", "b7-c7", "h13-h12", "m8-l8", "f2-f3", "b9-c9", "i13-i12", "m6-l6"],
};

/** The piece that makes the blunder, and the pieces cheap enough to take it. */
const HEAVY: Readonly<
  Record<GameId, { readonly kind: string; readonly cheap: readonly string[] }>
> = {
  xiangqi: { kind: "R", cheap: ["P", "H", "C", "A", "E"] },
  fourchess: { kind: "Q", cheap: ["P", "N", "B"] },
};

const text = (m: MoveInput) => `${m.from}-${m.to}`;

function play(g: Game, move: MoveInput): Game {
  const next = g.play(move);
  if (!next.ok) throw new Error(`${text(move)}: ${next.error.message}`);
  return next.value;
}

/** The game of that kind with its blunder. */
export function blunderGame(id: GameId, format: Format): BlunderGame {
  const setup = setupOf({ format, moveLimit: null, handicap: "none" }, 0);
  const started = gameDefinition(id).start(setup);
  if (!started.ok) throw new Error(started.error.message);
  let g = started.value;
  const games = [g];
  const log: Pick<MoveEntry, "seat" | "move">[] = [];
  const push = (seat: number, move: MoveInput | null, next: Game) => {
    log.push({ seat, move });
    games.push(next);
    g = next;
  };
  for (const m of OPENINGS[id === "xiangqi" ? "xiangqi" : format]!) {
    const [from, to] = id === "xiangqi" ? [m.slice(0, 2), m.slice(2)] : m.split("-");
    push(g.turn, { from: from!, to: to! }, play(g, { from: from!, to: to! }));
  }
  const heavy = HEAVY[id];
  const kindAt = (game: Game, square: string) =>
    game.pieces().find((p) => p.square === square)?.kind;
  const blunderer = g.turn;
  const candidates = g
    .legalMoves()
    .filter((m) => kindAt(g, m.from) === heavy.kind && !kindAt(g, m.to))
    .sort((a, b) => text(a).localeCompare(text(b)));
  for (const m of candidates) {
    const after = play(g, m);
    if (after.outcome || after.checks().length > 0) continue;
    const take = after
      .legalMoves()
      .filter((r) => r.to === m.to && heavy.cheap.includes(kindAt(after, r.from) ?? ""))
      .sort((a, b) => text(a).localeCompare(text(b)))[0];
    if (!take) continue;
    const taken = play(after, take);
    // Nobody of the blunderer's side can take the piece back at once.
    const back = (game: Game) => game.legalMoves().some((r) => r.to === m.to);
    if (id === "xiangqi" ? back(taken) : false) continue;
    const blunder = log.length;
    push(blunderer, m, after);
    push(after.turn, take, taken);
    let end = taken.resign(blunderer);
    if (!end.ok) throw new Error(end.error.message);
    push(blunderer, null, end.value);
    while (!g.outcome) {
      end = g.resign(g.turn);
      if (!end.ok) throw new Error(end.error.message);
      push(g.turn, null, end.value);
    }
    return { game: id, format, setup, log, blunder, games };
  }
  throw new Error(`no blunder found for ${id} ${format}`);
}

/** The game as the archive keeps it, to store on a test server. */
export function archived(b: BlunderGame, id: string, names: readonly string[]): ArchivedGame {
  const end = b.games.at(-1)!;
  const outcome = end.outcome!;
  const t0 = Date.UTC(2026, 0, 1);
  const moves: ArchivedMove[] = b.log.map((e, i) => ({
    seat: e.seat,
    from: e.move?.from ?? null,
    to: e.move?.to ?? null,
    promotion: e.move?.promotion ?? null,
    notation: e.move ? (b.games[i + 1]!.lastMove?.notation ?? "") : "R",
    by: "player",
    at: t0 + i * 1000,
  }));
  return {
    id,
    tableId: `table-${id}`,
    private: false,
    game: b.game,
    format: b.format,
    rules: { format: b.format, moveLimit: null, handicap: "none" },
    startFen: b.games[0]!.startFen,
    players: names.map((name) => ({ name, kind: "human" })),
    moves,
    result: {
      reason: outcome.reason,
      draw: outcome.draw,
      winners: outcome.winners,
      placing: outcome.placing,
      code: outcome.code,
      params: outcome.params as Record<string, string | number>,
      message: outcome.message,
    },
    startedAt: t0,
    finishedAt: t0 + moves.length * 1000,
  };
}

/**
 * A game the CPU plays against itself (xiangqi Medium, four-player Normal), seeded, for about
 * `plies` plies, then resigned (no known blunder: `blunder` is -1).
 */
export function selfPlayed(game: GameId, format: Format, plies: number, seed: number): BlunderGame {
  const setup = setupOf({ format, moveLimit: null, handicap: "none" }, 0);
  const started = gameDefinition(game).start(setup);
  if (!started.ok) throw new Error(started.error.message);
  let g: Game = started.value;
  const games = [g];
  const log: Pick<MoveEntry, "seat" | "move">[] = [];
  for (let ply = 0; ply < plies - 1 && !g.outcome; ply++) {
    const opts = { level: game === "xiangqi" ? "medium" : "normal", seed: seed + ply };
    const r =
      game === "xiangqi"
        ? chooseXiangqiMove(xiangqiOf(g), opts)
        : chooseFourChessMove(fourChessOf(g), opts);
    if (!r.move) break;
    const next = g.play(r.move);
    if (!next.ok) throw new Error(next.error.message);
    log.push({ seat: g.turn, move: r.move });
    g = next.value;
    games.push(g);
  }
  while (!g.outcome) {
    const end = g.resign(g.turn);
    if (!end.ok) throw new Error(end.error.message);
    log.push({ seat: g.turn, move: null });
    g = end.value;
    games.push(g);
  }
  return { game, format, setup, log, blunder: -1, games };
}
