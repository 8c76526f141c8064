/**
 * npm run bench:analysis — the engine's analysis of a finished game in the browser: a xiangqi
 * game and a four-player Teams game, each of about 100 plies (played by the CPU against itself,
 * seeded), stored on a local server and opened at /g/<id> in Debian's Chromium. Prints each
 * game's search time per position in the worker (median, p95, slowest), the time until every
 * position was known, and the page's main thread meanwhile: its longest task by the Long Tasks
 * API (which reports tasks of 50 ms and more) and the longest gap between timer callbacks
 * (an upper bound of any task, however short). Target: no task over 50 ms.
 *
 *   npm run bench:analysis            (PLIES=100: the length of each game)
 */

import type { Page } from "playwright-core";
import { BUDGET_MS, DEEPEN_MS } from "../client/src/analysis/analysis";
import { archived, selfPlayed } from "../test/client/blunders";
import { launchChromium } from "../tools/chromium";
import { median } from "./stats";

const PLIES = Number(process.env.PLIES ?? 100);

interface Snapshot {
  evaluations: (number | null)[];
  analysis: {
    state: string;
    deepening: boolean;
    deepened: number;
    ms: number;
    plyMs: (number | null)[];
    longestReportMs: number;
  };
}

const pct = (xs: readonly number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]!;
};

/**
 * Starts watching the page's main thread: long tasks (the Long Tasks API reports those of 50 ms
 * and more) and the gaps between timer callbacks (a task of any length delays the next one).
 * A script in a string: the bundler's helpers for named functions do not exist in the page.
 */
async function watch(page: Page): Promise<void> {
  await page.evaluate(`(() => {
    window.longTasks = [];
    window.gaps = [];
    window.watchedFrom = performance.now();
    new PerformanceObserver((list) => {
      for (const e of list.getEntries())
        window.longTasks.push([e.duration, e.startTime - window.watchedFrom]);
    }).observe({ type: "longtask" });
    let last = performance.now();
    const tick = () => {
      const now = performance.now();
      window.gaps.push(now - last);
      last = now;
      setTimeout(tick, 0);
    };
    setTimeout(tick, 0);
  })()`);
}

/** Long tasks as [duration, ms after watching began], and the gaps between timer callbacks. */
interface Watched {
  readonly longTasks: [number, number][];
  readonly gaps: number[];
}

async function watched(page: Page): Promise<Watched> {
  return page.evaluate(() => {
    const w = window as unknown as Watched;
    return { longTasks: w.longTasks, gaps: w.gaps };
  });
}

function mainThread({ longTasks, gaps }: Watched): string {
  const when = longTasks.map(([ms, at]) => `${ms.toFixed(0)} ms at ${(at / 1000).toFixed(1)} s`);
  const tasks = longTasks.length
    ? `tasks of 50 ms or more: ${when.join(", ")}`
    : "no task of 50 ms or more";
  return `${tasks}; longest gap between timer callbacks ${Math.max(...gaps).toFixed(1)} ms`;
}

async function main(): Promise<void> {
  process.env.NODE_ENV = "production";
  const [{ readConfig }, { startGameServer }, { SimpleBots }] = await Promise.all([
    import("../server/config"),
    import("../server/gameServer"),
    import("../server/bots/driver"),
  ]);
  const clientDir = new URL("../dist/client", import.meta.url).pathname;
  const config = {
    ...readConfig({}, { clientDir }),
    port: 0,
    host: "127.0.0.1",
    logLevel: "error" as const,
    dataDir: null,
  };
  const server = await startGameServer({ config, bots: new SimpleBots(0) });
  const base = `http://127.0.0.1:${server.port}`;
  const browser = await launchChromium();
  try {
    const games = [
      { id: "benchAnalysisXiangqi00", made: selfPlayed("xiangqi", "teams", PLIES, 11) },
      { id: "benchAnalysisFourchess", made: selfPlayed("fourchess", "teams", PLIES, 21) },
    ];
    // The machine's own noise: the same measures on a page that runs nothing but a worker
    // spinning (the analysis's share of the cores, without its page), for 10 s.
    const quiet = await browser.newPage();
    await quiet.goto(`${base}/api/games/${games[0]!.id}`);
    await quiet.evaluate(`(() => {
      const spin = "for (;;) {}";
      window.spinner = new Worker(URL.createObjectURL(new Blob([spin], { type: "text/javascript" })));
    })()`);
    await watch(quiet);
    await quiet.waitForTimeout(10_000);
    const floor = await watched(quiet);
    console.log(`a page that runs only a busy worker, 10 s: ${mainThread(floor)}`);
    await quiet.close();
    for (const { id, made } of games) {
      server.store.saveGame(
        archived(
          made,
          id,
          made.games[0]!.out.map((_, i) => `P${i + 1}`),
        ),
      );
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      const page = await context.newPage();
      await page.goto(`${base}/g/${id}`);
      await page.waitForFunction(
        () =>
          (window as unknown as { crossboard?: { archive(): unknown } }).crossboard?.archive() !=
          null,
      );
      // From the page's first board on.
      await watch(page);
      let snap: Snapshot | null = null;
      for (;;) {
        snap = await page.evaluate(() =>
          (window as unknown as { crossboard: { archive(): Snapshot } }).crossboard.archive(),
        );
        if (snap.analysis.state !== "running" && snap.analysis.state !== "idle") break;
        await page.waitForTimeout(250);
      }
      const searched = snap.analysis.plyMs.filter((ms): ms is number => ms !== null && ms > 0);
      // The second pass: the positions cut short, searched again up to DEEPEN_MS.
      const valuedAt = performance.now();
      let deep: Snapshot = snap;
      while (deep.analysis.deepening) {
        await page.waitForTimeout(250);
        deep = await page.evaluate(() =>
          (window as unknown as { crossboard: { archive(): Snapshot } }).crossboard.archive(),
        );
      }
      const deepenSeconds = (performance.now() - valuedAt) / 1000;
      const again = deep.analysis.plyMs.filter(
        (ms, i): ms is number => ms !== null && ms !== snap!.analysis.plyMs[i],
      );
      const thread = await watched(page);
      const plies = snap.evaluations.length;
      console.log(
        `${made.game === "xiangqi" ? "xiangqi" : `four-player ${made.format}`}: ${plies} positions (${made.log.length} entries), analysis ${snap.analysis.state} in ${(snap.analysis.ms / 1000).toFixed(1)} s`,
      );
      console.log(
        `  search per position: median ${median(searched).toFixed(0)} ms, p95 ${pct(searched, 95).toFixed(0)} ms, slowest ${Math.max(...searched).toFixed(0)} ms (${searched.length} searched; ${searched.filter((ms) => ms >= BUDGET_MS - 1).length} stopped by the ${BUDGET_MS} ms cap before the level's node budget)`,
      );
      console.log(
        `  second pass: ${deep.analysis.deepened} positions searched again in ${deepenSeconds.toFixed(1)} s${again.length ? `, median ${median(again).toFixed(0)} ms, slowest ${Math.max(...again).toFixed(0)} ms (${again.filter((ms) => ms >= DEEPEN_MS - 1).length} stopped by the ${DEEPEN_MS} ms cap)` : ""}`,
      );
      console.log(
        `  main thread while it ran (both passes): ${mainThread(thread)}; longest handling of one report ${deep.analysis.longestReportMs} ms`,
      );
      await context.close();
    }
  } finally {
    await browser.close();
    await server.close();
  }
}

await main();
