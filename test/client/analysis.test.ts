/**
 * The game analysis without a browser: judging moves by winning chances, and the driver that
 * searches every position (with a scripted engine, then with the real ones) and reports each,
 * with the values per seat, the best move and the marks a page shows.
 */
import { describe, expect, it } from "vitest";
import { type AnalysisThread, GameAnalysis } from "../../client/src/analysis/analysis";
import {
  type AnalysisJob,
  analyseGame,
  type PlyAnalysis,
  type Search,
} from "../../client/src/analysis/driver";
import {
  clampScore,
  countMarks,
  lossOf,
  MATE_SCORE,
  markOf,
  winningChances,
} from "../../client/src/analysis/judge";
import type { AnalysisMessage } from "../../client/src/analysis/worker";
import { gameDefinition } from "../../shared/games/registry";
import type { Game } from "../../shared/games/types";
import { setupOf } from "../../shared/match/replay";
import { blunderGame } from "./blunders";

describe("judging a move", () => {
  it("turns centipawns into winning chances, mates clamped to a finite score", () => {
    expect(winningChances(0)).toBe(0);
    expect(winningChances(300)).toBeCloseTo(-winningChances(-300), 12);
    expect(winningChances(100)).toBeGreaterThan(0.15);
    expect(winningChances(100)).toBeLessThan(0.2);
    expect(clampScore(29_990)).toBe(MATE_SCORE);
    expect(clampScore(-29_990)).toBe(-MATE_SCORE);
    expect(clampScore(Number.NEGATIVE_INFINITY)).toBe(-MATE_SCORE);
    expect(winningChances(30_000)).toBeLessThanOrEqual(1);
    expect(winningChances(30_000)).toBeGreaterThan(0.99);
  });

  it("marks by the winning chances given away: 0.1 ?!, 0.2 ?, 0.3 ??", () => {
    // From a level position, losing about half a pawn, one pawn, and a pawn and a half or more.
    expect(markOf(0, -40)).toBeNull();
    expect(markOf(0, -60)).toBe("?!");
    expect(markOf(0, -120)).toBe("?");
    expect(markOf(0, -200)).toBe("??");
    expect(markOf(0, -900)).toBe("??");
    // Missing a mate for a level game is a blunder; giving back a little of a won game is not.
    expect(markOf(29_995, 0)).toBe("??");
    expect(markOf(1500, 1000)).toBeNull();
    // A move better than the search thought loses nothing.
    expect(markOf(0, 50)).toBeNull();
    expect(lossOf(0, 50)).toBe(0);
    expect(lossOf(100, -800)).toBe(900);
  });

  it("counts each seat's marks and its mean loss (a move's loss counted up to 10 pawns)", () => {
    const counts = countMarks(2, [
      { seat: 0, mark: null, loss: 10 },
      { seat: 1, mark: "?!", loss: 70 },
      { seat: 0, mark: "??", loss: 20_000 },
      null,
      { seat: 1, mark: "?", loss: 130 },
    ]);
    expect(counts[0]).toEqual({
      inaccuracies: 0,
      mistakes: 0,
      blunders: 1,
      moves: 2,
      meanLoss: 505,
    });
    expect(counts[1]).toEqual({
      inaccuracies: 1,
      mistakes: 1,
      blunders: 0,
      moves: 2,
      meanLoss: 100,
    });
  });
});

/** A scripted engine: the first legal move, scored by `scores[step]` for the player to move. */
function scripted(scores: readonly number[], calls: number[] = []): Search {
  return (game: Game) => {
    const step = game.moves.length;
    calls.push(step);
    return { move: game.legalMoves()[0]!, nodes: 1, depth: 1, score: scores[step] ?? 0 };
  };
}

function jobOf(game: "xiangqi" | "fourchess", format: "teams" | "individual"): AnalysisJob {
  const b = blunderGame(game, format);
  return { game, setup: b.setup, log: b.log, budgetMs: 300 };
}

/** Runs the driver and feeds a GameAnalysis with its reports, as the worker would. */
function analyse(job: AnalysisJob, search?: Search) {
  const plies: PlyAnalysis[] = [];
  const complete = analyseGame(job, (p) => plies.push(p), search ? { search } : {});
  let thread: AnalysisThread | null = null;
  const fake: AnalysisThread = {
    onmessage: null,
    onerror: null,
    postMessage: () => undefined,
    terminate: () => undefined,
  };
  const a = new GameAnalysis(
    job,
    () => undefined,
    () => {
      thread = fake;
      return fake;
    },
  );
  a.start();
  expect(thread).toBe(fake);
  const send = (m: AnalysisMessage) =>
    fake.onmessage?.({ data: m } as MessageEvent<AnalysisMessage>);
  for (const ply of plies) send({ type: "ply", ply });
  send({ type: "done", complete });
  return { plies, complete, analysis: a };
}

describe("the analysis driver", () => {
  it("xiangqi: each position once, in order, valued from Red's view; the move that gave it away marked", () => {
    const job = jobOf("xiangqi", "teams");
    const b = blunderGame("xiangqi", "teams");
    // Level until the blunder; after it the side to move (Black) is a chariot up.
    const scores = job.log.map((_, step) =>
      step <= b.blunder ? 20 * (step % 2 ? -1 : 1) : step % 2 ? 850 : -850,
    );
    const { plies, complete, analysis } = analyse(job, scripted(scores));
    expect(complete).toBe(true);
    expect(plies.map((p) => p.step)).toEqual(job.log.map((_, i) => i).concat(job.log.length));
    for (const p of plies.slice(0, -1)) {
      expect(p.mover).toBe(p.step % 2);
      // The mover's score, and its negation for the other side.
      expect(p.views[p.mover]).toBe(scores[p.step]);
      expect(p.views[1 - p.mover]).toBe(-scores[p.step]!);
      expect(p.best?.notation).toBeTruthy();
    }
    // The last entry is a resignation: the board did not change, nor its value.
    const last = plies.at(-1)!;
    expect(last.mover).toBe(-1);
    expect(last.best).toBeNull();
    expect(last.views).toEqual(plies.at(-2)!.views);
    const evaluations = analysis.evaluations();
    expect(evaluations.every((v) => v !== null && Number.isFinite(v))).toBe(true);
    expect(evaluations[b.blunder + 1]).toBeLessThan(-800);
    const marks = analysis.marks();
    expect(marks[b.blunder]).toBe("??");
    expect(marks.filter((m) => m !== null)).toEqual(["??"]);
    expect(analysis.state).toBe("done");
  });

  it("judges a move whichever of its two positions arrives first", () => {
    const job = jobOf("xiangqi", "teams");
    const b = blunderGame("xiangqi", "teams");
    const scores = job.log.map((_, step) => (step === b.blunder + 1 ? 900 : 0));
    const { plies, analysis } = analyse(job, scripted(scores));
    const reversed = new GameAnalysis(job, () => undefined);
    for (const ply of [...plies].reverse()) reversed.receive({ type: "ply", ply });
    expect(reversed.marks()).toEqual(analysis.marks());
    expect(reversed.marks()[b.blunder]).toBe("??");
    expect(reversed.judged[b.blunder]!.loss).toBe(900);
  });

  it("searches again, longer, what the cap cut short once every position has a value; the page firms up its values and marks", () => {
    const b = blunderGame("xiangqi", "teams");
    const job: AnalysisJob = { ...jobOf("xiangqi", "teams"), deepenMs: 2000 };
    // A clock the scripted searches move: the position after the blunder takes the whole first
    // cap and misses the chariot (a level score); the second search, 700 ms, finds it.
    let clock = 0;
    const cut = b.blunder + 1;
    const calls: { step: number; cap: number | undefined }[] = [];
    const search: Search = (game, opts) => {
      const step = game.moves.length;
      calls.push({ step, cap: opts.maxTimeMs });
      const deep = opts.maxTimeMs === 2000;
      clock += step === cut ? (deep ? 700 : 300) : 40;
      const score = step === cut && deep ? 900 : 0;
      return { move: game.legalMoves()[0]!, nodes: 1000, depth: deep ? 6 : 4, score };
    };
    const messages: AnalysisMessage[] = [];
    const complete = analyseGame(job, (ply) => messages.push({ type: "ply", ply }), {
      search,
      now: () => clock,
      valued: () => messages.push({ type: "valued" }),
    });
    expect(complete).toBe(true);
    // Every position first, at the short cap; then only the one cut short, at the long cap.
    const valuedAt = messages.findIndex((m) => m.type === "valued");
    expect(valuedAt).toBe(job.log.length + 1);
    expect(calls.filter((c) => c.cap === 2000)).toEqual([{ step: cut, cap: 2000 }]);
    const again = messages.slice(valuedAt + 1);
    expect(again).toHaveLength(1);
    expect(again[0]).toMatchObject({ type: "ply", ply: { step: cut, deepened: true, depth: 6 } });

    // The page: done (every position valued) while the second pass runs, the blunder marked
    // only once the deeper search arrives.
    const a = new GameAnalysis(job, () => undefined);
    a.state = "running";
    for (const m of messages.slice(0, valuedAt + 1)) a.receive(m);
    expect(a.state).toBe("done");
    expect(a.deepening).toBe(true);
    expect(a.marks()[b.blunder]).toBeNull();
    for (const m of again) a.receive(m);
    a.receive({ type: "done", complete: true });
    expect(a.state).toBe("done");
    expect(a.deepening).toBe(false);
    expect(a.evaluations()[cut]).toBe(-900);
    expect(a.marks()[b.blunder]).toBe("??");
  });

  it("keeps a completed analysis on the device: the game opened again shows it with no search", () => {
    const saved = new Map<string, string>();
    const storage = {
      getItem: (k: string) => saved.get(k) ?? null,
      setItem: (k: string, v: string) => void saved.set(k, v),
    };
    const had = Object.getOwnPropertyDescriptor(globalThis, "localStorage");
    Object.defineProperty(globalThis, "localStorage", { value: storage, configurable: true });
    try {
      const job = jobOf("xiangqi", "teams");
      const b = blunderGame("xiangqi", "teams");
      const scores = job.log.map((_, step) => (step === b.blunder + 1 ? 900 : 0));
      const plies: PlyAnalysis[] = [];
      analyseGame(job, (p) => plies.push(p), { search: scripted(scores) });
      const fake = (): AnalysisThread => ({
        onmessage: null,
        onerror: null,
        postMessage: () => undefined,
        terminate: () => undefined,
      });
      // Stopped half-way: nothing kept.
      const half = new GameAnalysis(job, () => undefined, fake, "GameKeptOnDevice000001");
      half.start();
      for (const ply of plies.slice(0, 3)) half.receive({ type: "ply", ply });
      half.stop();
      expect(new GameAnalysis(job, () => undefined, fake, "GameKeptOnDevice000001").restore()).toBe(
        false,
      );
      // Both passes over: kept under the game's id.
      const first = new GameAnalysis(job, () => undefined, fake, "GameKeptOnDevice000001");
      first.start();
      for (const ply of plies) first.receive({ type: "ply", ply });
      first.receive({ type: "valued" });
      first.receive({ type: "done", complete: true });

      let spawned = 0;
      const changes: (number | null)[] = [];
      const again = new GameAnalysis(
        job,
        (step) => changes.push(step),
        () => {
          spawned++;
          return fake();
        },
        "GameKeptOnDevice000001",
      );
      again.start();
      expect(spawned).toBe(0);
      expect(again.state).toBe("done");
      expect(again.kept).toBe(true);
      expect(changes).toEqual([null]);
      // The same values (JSON keeps no negative zero).
      const plain = (values: (number | null)[]) => values.map((v) => (v ?? Number.NaN) + 0);
      expect(plain(again.evaluations())).toEqual(plain(first.evaluations()));
      expect(again.marks()).toEqual(first.marks());
      expect(again.marks()[b.blunder]).toBe("??");
      // Another game, or another record under the same id, is searched.
      const other = new GameAnalysis(job, () => undefined, fake, "AnotherGameId000000001");
      expect(other.restore()).toBe(false);
      const shorter = { ...job, log: job.log.slice(0, -1) };
      expect(
        new GameAnalysis(shorter, () => undefined, fake, "GameKeptOnDevice000001").restore(),
      ).toBe(false);
      // What is kept is bounded, and a damaged entry is ignored rather than shown.
      saved.set("crossboard.analyses", '[{"id":"GameKeptOnDevice000001","plies":7}]');
      expect(new GameAnalysis(job, () => undefined, fake, "GameKeptOnDevice000001").restore()).toBe(
        false,
      );
    } finally {
      if (had) Object.defineProperty(globalThis, "localStorage", had);
      else Reflect.deleteProperty(globalThis, "localStorage");
    }
  });

  it("stops between positions and inside a search when told, keeping what it found", () => {
    const job = jobOf("xiangqi", "teams");
    const plies: PlyAnalysis[] = [];
    const calls: number[] = [];
    const complete = analyseGame(job, (p) => plies.push(p), {
      search: scripted([], calls),
      shouldStop: () => plies.length >= 3,
    });
    expect(complete).toBe(false);
    expect(plies.map((p) => p.step)).toEqual([0, 1, 2]);
    expect(calls).toEqual([0, 1, 2]);
  });

  it("Teams: a team's two seats share a value; Individual: four values adding up to zero", () => {
    const teams = analyse(jobOf("fourchess", "teams"), scripted([35, -35, 35, -35, 35]));
    const first = teams.plies[0]!;
    expect(first.views).toEqual([35, -35, 35, -35]);
    expect(teams.plies[1]!.views).toEqual([35, -35, 35, -35]);

    const setup = setupOf({ format: "individual", moveLimit: null, handicap: "none" }, 0);
    const started = gameDefinition("fourchess").start(setup);
    if (!started.ok) throw new Error(started.error.message);
    const log = ["h2-h4", "b7-c7", "g13-g11", "m8-l8"].map((m, i) => {
      const [from, to] = m.split("-") as [string, string];
      return { seat: i, move: { from, to } };
    });
    const individual = analyse(
      { game: "fourchess", setup, log, budgetMs: 300 },
      scripted([120, 80, -40, 10, 60]),
    );
    for (const p of individual.plies) {
      expect(p.views).toHaveLength(4);
      expect(p.views[p.mover]).toBe([120, 80, -40, 10, 60][p.step]);
      expect(Math.abs(p.views.reduce((a, b) => a + b, 0))).toBeLessThanOrEqual(2);
    }
  });

  it("with the real engines, a hung chariot and a hung queen are blunders and the engine's move differs", () => {
    for (const [game, format] of [
      ["xiangqi", "teams"],
      ["fourchess", "teams"],
    ] as const) {
      const b = blunderGame(game, format);
      const { plies, analysis } = analyse({ game, setup: b.setup, log: b.log, budgetMs: 1500 });
      expect(plies).toHaveLength(b.log.length + 1);
      expect(analysis.marks()[b.blunder], `${game}`).toBe("??");
      const best = plies[b.blunder]!.best!;
      expect(`${best.from}-${best.to}`).not.toBe(
        `${b.log[b.blunder]!.move!.from}-${b.log[b.blunder]!.move!.to}`,
      );
      expect(analysis.judged[b.blunder]!.loss).toBeGreaterThan(500);
      for (const v of analysis.evaluations()) expect(Number.isFinite(v)).toBe(true);
    }
  }, 60_000);
});
