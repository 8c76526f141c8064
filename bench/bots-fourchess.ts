/**
 * Four-player chess CPU benchmark: search speed (nodes per second) and seeded matches between
 * levels in both formats.
 *
 * Teams: one team plays the higher level, the other the lower; each opening is played twice with
 * the teams swapped. A win scores 1, a draw 0.5. When the move limit is reached the game is
 * adjudicated on material (P 1, N 3, B 4, R 5, Q 10): a lead of 3 or more wins, anything
 * less is a draw.
 * Individual: each level holds two seats, in the four rotations of the pattern A A B B around
 * the table, each opening once per rotation. A level's score is the share of head-to-head
 * comparisons its seats win against the other level's seats by final points (4 per game; equal
 * points count half); the points share is printed beside it. The move limit ends the game and
 * ranks by points, as the house rule does.
 *
 *   node --import tsx bench/bots-fourchess.ts [--games N] [--limit N] [--format teams|individual]
 *        [--pair hard:normal] [--nps-only] [--compare normal|hard] [--verbose]
 *   FC_PARTS=nps,levels,compare FC_GAMES=16 FC_LIMIT=160 FC_FORMATS=teams FC_PAIRS=hard:normal
 *   FC_COMPARE=hard npm run bench:bots   (the same settings for the combined benchmark)
 */
import { fileURLToPath } from "node:url";
import { type FourChessLevel, fourChessLevel, searchFourChess } from "../shared/bots/fourchess";
import { seeded } from "../shared/bots/random";
import { type Format, FourChess, squareOf } from "../shared/games/fourchess";

/** What to run: search speed, each level against the next lower one, BRS against paranoid. */
export type Part = "nps" | "levels" | "compare";

/** Every option also reads an environment variable (for `npm run bench:bots`), then a default. */
export interface BotsBenchOptions {
  /** FC_PARTS, default `nps,levels`. */
  readonly parts?: readonly Part[];
  /** Games per pairing and format, rounded up to whole cycles of seatings (FC_GAMES, 8). */
  readonly games?: number;
  /** Moves by all players together before the game ends (FC_LIMIT, 160). */
  readonly moveLimit?: number;
  /** FC_FORMATS, default `teams,individual`. */
  readonly formats?: readonly Format[];
  /** Pairings as [higher, lower] level names (FC_PAIRS, default `hard:normal,normal:easy`). */
  readonly pairs?: readonly (readonly [string, string])[];
  /** The level whose budget BRS and paranoid search share in `compare` (FC_COMPARE, hard). */
  readonly compare?: string;
  /** Print every game. */
  readonly verbose?: boolean;
  readonly log?: (line: string) => void;
}

interface Player {
  readonly name: string;
  readonly level: FourChessLevel;
}

const MATERIAL = [0, 1, 3, 4, 5, 10, 0, 0];
const OPENING_PLIES = 4;

/**
 * One random opening move per player so that games differ (the same for every seating of an
 * opening): a knight move or a one-square pawn step, except the pawns next to the king, so that
 * the opening itself rarely hands a quick mate to whoever moves next.
 */
export function opening(format: Format, seed: number): FourChess {
  const random = seeded(seed);
  let g = FourChess.start({ format });
  for (let i = 0; i < OPENING_PLIES; i++) {
    const pos = g.position();
    const king = pos.kingSq[g.turn]!;
    const moves = g.legalMoves().filter((m) => {
      const from = squareOf(m.from);
      const to = squareOf(m.to);
      const kind = pos.board[from]! & 7;
      const near =
        Math.abs((from & 15) - (king & 15)) <= 1 && Math.abs((from >> 4) - (king >> 4)) <= 1;
      const step = Math.abs(to - from) === 1 || Math.abs(to - from) === 16;
      return kind === 2 || (kind === 1 && step && !near);
    });
    const m = moves[Math.floor(random() * moves.length)]!;
    const next = g.play(m);
    if (!next.ok) throw new Error(next.error.message);
    g = next.value;
  }
  return g;
}

interface GameResult {
  /** Per seat: 1 win, 0.5 draw, 0 loss (Teams), or final points (Individual). */
  readonly seats: readonly number[];
  readonly ending: string;
  readonly plies: number;
  readonly seconds: number;
  readonly nodes: number;
}

function play(start: FourChess, seats: readonly Player[], limit: number, seed: number): GameResult {
  let g = start;
  let nodes = 0;
  const t0 = performance.now();
  const total = start.moves.length + limit;
  while (!g.outcome && g.moves.length < total) {
    const player = seats[g.turn]!;
    const r = searchFourChess(g, player.level, { seed: (seed * 1009 + g.moves.length) >>> 0 });
    nodes += r.nodes;
    if (!r.move) throw new Error("no move in a running game");
    const next = g.play(r.move);
    if (!next.ok) throw new Error(`${player.name} played an illegal move: ${next.error.message}`);
    g = next.value;
  }
  const seconds = (performance.now() - t0) / 1000;
  const plies = g.moves.length - start.moves.length;
  if (g.format === "individual")
    return { seats: g.scores, ending: g.outcome?.reason ?? "move-limit", plies, seconds, nodes };
  if (g.outcome && g.outcome.reason !== "move-limit") {
    const w = g.outcome.winners;
    const seatsScore = [0, 1, 2, 3].map((c) => (w.length === 0 ? 0.5 : w.includes(c) ? 1 : 0));
    return { seats: seatsScore, ending: g.outcome.reason, plies, seconds, nodes };
  }
  const pos = g.position();
  const team = [0, 0];
  for (const code of pos.board)
    if (code !== 0 && code !== 255 && ((code >> 3) & 7) < 4)
      team[(code >> 3) & 7 & 1]! += MATERIAL[code & 7]!;
  const lead = team[0]! - team[1]!;
  const winner = lead >= 3 ? 0 : lead <= -3 ? 1 : -1;
  const seatsScore = [0, 1, 2, 3].map((c) => (winner < 0 ? 0.5 : (c & 1) === winner ? 1 : 0));
  return {
    seats: seatsScore,
    ending: winner < 0 ? "limit, material level" : "limit, material lead",
    plies,
    seconds,
    nodes,
  };
}

interface MatchReport {
  readonly score: number;
  readonly games: number;
  readonly pointsShare?: number;
  readonly endings: Record<string, number>;
  readonly nodes: number;
  readonly seconds: number;
}

/** Plays `a` (the higher level) against `b`; returns a's score as a share in [0, 1]. */
export function match(
  format: Format,
  a: Player,
  b: Player,
  games: number,
  moveLimit: number,
  log: (line: string) => void = () => {},
): MatchReport {
  const seatings =
    format === "teams"
      ? [
          [a, b, a, b],
          [b, a, b, a],
        ]
      : [0, 1, 2, 3].map((r) => [0, 1, 2, 3].map((c) => ((c - r + 4) % 4 < 2 ? a : b)));
  const endings: Record<string, number> = {};
  let score = 0;
  let pointsA = 0;
  let pointsAll = 0;
  let played = 0;
  let nodes = 0;
  let seconds = 0;
  for (let o = 0; played < games; o++) {
    const start = opening(format, 7919 * (o + 1));
    for (const seats of seatings) {
      const r = play(start, seats, moveLimit, 31 * played + 17);
      played++;
      nodes += r.nodes;
      seconds += r.seconds;
      endings[r.ending] = (endings[r.ending] ?? 0) + 1;
      const mine = [0, 1, 2, 3].filter((c) => seats[c] === a);
      const theirs = [0, 1, 2, 3].filter((c) => seats[c] !== a);
      let s = 0;
      if (format === "teams") s = r.seats[mine[0]!]!;
      else {
        for (const x of mine)
          for (const y of theirs)
            s += r.seats[x]! > r.seats[y]! ? 1 : r.seats[x] === r.seats[y] ? 0.5 : 0;
        s /= mine.length * theirs.length;
        pointsA += mine.reduce((t, c) => t + r.seats[c]!, 0);
        pointsAll += r.seats.reduce((t, v) => t + v, 0);
      }
      score += s;
      log(
        `  game ${played}: ${seats.map((p) => p.name).join(",")} -> ${r.seats.join(",")} (${r.ending}, ${r.plies} plies, ${r.seconds.toFixed(1)} s)`,
      );
    }
  }
  return {
    score: score / played,
    games: played,
    pointsShare: format === "individual" ? pointsA / Math.max(1, pointsAll) : undefined,
    endings,
    nodes,
    seconds,
  };
}

/** Nodes per second of single searches from a spread of positions, per level and format. */
function speed(log: (line: string) => void): void {
  for (const format of ["teams", "individual"] as const) {
    const positions = [0, 1, 2, 3, 4, 5, 6, 7].map((i) => midgame(format, 100 + i, 8 + 4 * i));
    for (const name of ["easy", "normal", "hard"]) {
      const level = fourChessLevel(name);
      let nodes = 0;
      let worst = 0;
      const t0 = performance.now();
      for (const [i, g] of positions.entries()) {
        const t = performance.now();
        nodes += searchFourChess(g, level, { seed: i }).nodes;
        worst = Math.max(worst, performance.now() - t);
      }
      const s = (performance.now() - t0) / 1000;
      log(
        `${format} ${name}: ${positions.length} positions, ${nodes} nodes in ${s.toFixed(2)} s: ${Math.round(nodes / s / 1000)}k nodes/s, ${((s / positions.length) * 1000).toFixed(0)} ms per move (slowest ${worst.toFixed(0)} ms)`,
      );
    }
  }
}

/** A position `plies` moves after an opening, played by Normal against itself, game still on. */
function midgame(format: Format, seed: number, plies: number): FourChess {
  let g = opening(format, seed);
  const normal = fourChessLevel("normal");
  for (let i = 0; i < plies; i++) {
    const r = searchFourChess(g, normal, { seed: seed + i });
    const next = r.move ? g.play(r.move) : null;
    if (!next?.ok || next.value.outcome) break;
    g = next.value;
  }
  return g;
}

function describe(r: MatchReport): string {
  const endings = Object.entries(r.endings)
    .map(([k, v]) => `${k} ${v}`)
    .join(", ");
  const share =
    r.pointsShare === undefined ? "" : `, points share ${(100 * r.pointsShare).toFixed(0)}%`;
  return `${(100 * r.score).toFixed(1)}% over ${r.games} games${share} [${endings}] (${(r.seconds / r.games).toFixed(1)} s per game)`;
}

const envList = (name: string): string[] | undefined =>
  process.env[name]
    ?.split(",")
    .map((v) => v.trim())
    .filter(Boolean);
const envNumber = (name: string): number | undefined =>
  process.env[name] ? Number(process.env[name]) : undefined;

export async function benchFourchessBots(opts: BotsBenchOptions = {}): Promise<void> {
  const log = opts.log ?? ((line: string) => console.log(line));
  const parts = opts.parts ?? (envList("FC_PARTS") as Part[] | undefined) ?? ["nps", "levels"];
  const games = opts.games ?? envNumber("FC_GAMES") ?? 8;
  const limit = opts.moveLimit ?? envNumber("FC_LIMIT") ?? 160;
  const formats = opts.formats ??
    (envList("FC_FORMATS") as Format[] | undefined) ?? ["teams", "individual"];
  const pairs = opts.pairs ??
    envList("FC_PAIRS")?.map((p) => p.split(":") as [string, string]) ?? [
      ["hard", "normal"],
      ["normal", "easy"],
    ];
  const verbose = opts.verbose ? log : undefined;
  if (parts.includes("nps")) {
    log("fourchess CPU search speed:");
    speed(log);
  }
  if (parts.includes("levels")) {
    for (const format of formats) {
      for (const [hi, lo] of pairs) {
        const a = { name: hi, level: fourChessLevel(hi) };
        const b = { name: lo, level: fourChessLevel(lo) };
        const r = match(format, a, b, games, limit, verbose);
        log(
          `fourchess ${format}: ${hi} vs ${lo}: ${hi} scores ${describe(r)}, move limit ${limit}`,
        );
        await new Promise((resolve) => setImmediate(resolve));
      }
    }
  }
  if (parts.includes("compare")) {
    const base = fourChessLevel(opts.compare ?? process.env.FC_COMPARE ?? "hard");
    const variant = (search: "brs" | "paranoid") => ({
      name: search,
      level: { ...base, individual: { ...base.individual, search } },
    });
    const r = match("individual", variant("brs"), variant("paranoid"), games, limit, verbose);
    log(
      `fourchess individual, ${base.name} budget: BRS vs paranoid: BRS scores ${describe(r)}, move limit ${limit}`,
    );
  }
}

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const format = arg("format") as Format | undefined;
  const pair = arg("pair")?.split(":") as [string, string] | undefined;
  const compare = arg("compare");
  const parts: Part[] | undefined = process.argv.includes("--nps-only")
    ? ["nps"]
    : compare
      ? ["nps", "compare"]
      : undefined;
  void benchFourchessBots({
    parts,
    games: arg("games") ? Number(arg("games")) : undefined,
    moveLimit: arg("limit") ? Number(arg("limit")) : undefined,
    formats: format ? [format] : undefined,
    pairs: pair ? [pair] : undefined,
    compare,
    verbose: process.argv.includes("--verbose"),
  });
}
