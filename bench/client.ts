/**
 * npm run bench:client — the client's bundle size (gzip) and the time from page load to the
 * first board drawn on localhost, in Debian's Chromium: opening a table link (a waiting table,
 * the board shows the starting position) with the renderer the page picks and with WebGL and
 * the 2D canvas forced, and starting a game against the computer from the lobby. Median of
 * several page loads, the variants taken in turn so that a noisy moment hits them alike. A page in
 * Portuguese is timed too: it fetches its language's catalogue before its first screen.
 */

import { spawn } from "node:child_process";
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { launchChromium } from "../tools/chromium";
import { median } from "./stats";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const DIST = path.join(ROOT, "dist/client");
const RUNS = Number(process.env.RUNS ?? 7);

const kib = (n: number) => `${(n / 1024).toFixed(1)} KiB`;

function bundleSizes(): void {
  const assets = path.join(DIST, "assets");
  let raw = 0;
  let gz = 0;
  let entry = 0;
  // A language's catalogue chunk, where it has one (Vite names a chunk after its module).
  const catalogue: Record<string, number> = { en: 0, id: 0, pt: 0, hi: 0 };
  const html = readFileSync(path.join(DIST, "index.html"), "utf8");
  for (const file of readdirSync(assets)) {
    const buf = readFileSync(path.join(assets, file));
    raw += statSync(path.join(assets, file)).size;
    const g = gzipSync(buf, { level: 9 }).length;
    gz += g;
    if (html.includes(file)) entry += g;
    const lang = /^(en|id|pt|hi)-[\w-]+\.js$/.exec(file)?.[1];
    if (lang) catalogue[lang] = g;
  }
  console.log(
    `bundle: ${kib(raw)} raw, ${kib(gz)} gzip in all, ${kib(entry)} gzip loaded by index.html (the words of the reader's language load with it; the table, network and renderer chunks when a table opens)`,
  );
  console.log(
    `  the lobby by language, gzip (index.html's script and style, and the language's words): ${Object.entries(
      catalogue,
    )
      .map(([lang, g]) => `${lang} ${kib(entry + g)}`)
      .join(", ")}`,
  );
}

async function firstBoard(): Promise<void> {
  // The server runs in its own process, as in production, so it does not share this event loop.
  const server = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: "0",
      DATA_DIR: ":memory:",
      HOST: "127.0.0.1",
      CLIENT_DIR: DIST,
      MATCHMAKE_PER_MINUTE: "100000",
      CPU_WORKERS: "0",
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const port = await new Promise<number>((resolve, reject) => {
    server.stdout?.on("data", (chunk: Buffer) => {
      // The server's log is one JSON object a line; the "listening" line gives the port.
      const m = /"event":"listening".*?"port":(\d+)/.exec(chunk.toString());
      if (m) resolve(Number(m[1]));
    });
    server.on("exit", (code) => reject(new Error(`server exited with ${code}`)));
  });
  const base = `http://127.0.0.1:${port}`;
  const browser = await launchChromium();
  const variants = [
    { name: "auto (the page's choice)", query: "", locale: "en-US" },
    { name: "WebGL", query: "?renderer=webgl", locale: "en-US" },
    { name: "canvas", query: "?renderer=canvas", locale: "en-US" },
    // A page in another language fetches its catalogue before its first screen.
    { name: "auto, page in Portuguese", query: "", locale: "pt-BR" },
  ];
  const link = new Map<string, number[]>(variants.map((v) => [v.name, []]));
  const computer: number[] = [];
  const renderers: Record<string, string> = {};
  const parts: Record<string, number[]> = {
    domContentLoaded: [],
    "table-joined": [],
    "pixi-ready": [],
  };
  const firstBoardAt = () =>
    (window as unknown as { crossboard?: { firstBoardAt: number } }).crossboard?.firstBoardAt ?? 0;
  try {
    // A table to open by link.
    const host = await browser.newPage();
    await host.goto(base);
    await host.click("[data-action=create]");
    await host.waitForURL(/\/t\//);
    const url = host.url();
    for (let i = 0; i < RUNS; i++) {
      for (const v of variants) {
        const context = await browser.newContext({ locale: v.locale });
        const page = await context.newPage();
        await page.goto(url + v.query);
        // A link opened cold asks the name to sit under first.
        await page.fill("#table-name", "Bench");
        await page.click("[data-action=join-named]");
        await page.waitForFunction(firstBoardAt);
        link.get(v.name)!.push(await page.evaluate(firstBoardAt));
        renderers[v.name] = await page.evaluate(() => {
          const c = document.querySelector("canvas.board-canvas") as HTMLCanvasElement | null;
          return c?.getContext("2d") ? "canvas 2D" : "WebGL";
        });
        if (v === variants[0]) {
          const marks = await page.evaluate(() => ({
            domContentLoaded: (
              performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming
            ).domContentLoadedEventEnd,
            "table-joined": performance.getEntriesByName("table-joined")[0]?.startTime ?? 0,
            "pixi-ready": performance.getEntriesByName("pixi-ready")[0]?.startTime ?? 0,
          }));
          for (const [k, x] of Object.entries(marks)) parts[k]!.push(x);
        }
        await context.close();
      }
    }
    for (let i = 0; i < RUNS; i++) {
      const context = await browser.newContext({ locale: "en-US" });
      const page = await context.newPage();
      await page.goto(base);
      await page.click("[data-section=computer] .row button >> nth=0");
      await page.waitForFunction(firstBoardAt);
      computer.push(await page.evaluate(firstBoardAt));
      await context.close();
    }
  } finally {
    await browser.close();
    server.kill("SIGTERM");
  }
  const fmt = (xs: number[]) =>
    `median ${median(xs).toFixed(0)} ms (min ${Math.min(...xs).toFixed(0)}, max ${Math.max(...xs).toFixed(0)}, ${xs.length} loads)`;
  for (const [name, xs] of link)
    console.log(
      `first board drawn after page load, table link, ${name} [${renderers[name]}]: ${fmt(xs)}`,
    );
  for (const [k, xs] of Object.entries(parts)) console.log(`  of which (auto) ${k} at ${fmt(xs)}`);
  console.log(
    `first board drawn after page load, lobby → play the computer (includes the click): ${fmt(computer)}`,
  );
}

bundleSizes();
await firstBoard();
