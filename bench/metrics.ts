/**
 * `npm run bench:metrics`: how long one `GET /metrics` scrape holds the event loop while the
 * process has many connections open, for prom-client's default metrics as they come and for
 * the server's registry (server/ops/metrics.ts). CONNECTIONS=5000 loopback connections (both
 * ends in this process: twice as many sockets), SCRAPES=15 a round, two rounds alternating;
 * prints the median and the longest block of each round, and the ratio of the medians.
 */
import { connect, createServer, type Socket } from "node:net";
import { collectDefaultMetrics, Registry } from "prom-client";
import { ServerMetrics } from "../server/ops/metrics";

const CONNECTIONS = Number(process.env.CONNECTIONS ?? 5000);
const SCRAPES = Number(process.env.SCRAPES ?? 15);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The longest the event loop was held while `work` ran (a 1 ms timer's lateness), ms. */
async function longestBlock(work: () => Promise<unknown>): Promise<number> {
  let longest = 0;
  let last = performance.now();
  const timer = setInterval(() => {
    const now = performance.now();
    longest = Math.max(longest, now - last - 1);
    last = now;
  }, 1);
  await sleep(20);
  longest = 0;
  last = performance.now();
  await work();
  await sleep(20);
  clearInterval(timer);
  return longest;
}

async function round(registry: Registry): Promise<{ median: number; max: number }> {
  const blocks: number[] = [];
  for (let i = 0; i < SCRAPES; i++) blocks.push(await longestBlock(() => registry.metrics()));
  blocks.sort((a, b) => a - b);
  return { median: blocks[Math.floor(blocks.length / 2)]!, max: blocks.at(-1)! };
}

const server = createServer(() => undefined);
await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
const { port } = server.address() as { port: number };
const sockets: Socket[] = [];
for (let i = 0; i < CONNECTIONS; i++)
  sockets.push(
    await new Promise<Socket>((resolve, reject) => {
      const s = connect(port, "127.0.0.1", () => resolve(s));
      s.once("error", reject);
    }),
  );

const defaults = new Registry();
collectDefaultMetrics({ register: defaults });
const ours = new ServerMetrics(() => []).registry;
const figures: Record<string, number[]> = { defaults: [], ours: [] };
console.log(
  `${CONNECTIONS} connections open (${2 * CONNECTIONS} sockets), ${SCRAPES} scrapes a round`,
);
for (let r = 0; r < 2; r++)
  for (const [name, registry] of [
    ["defaults", defaults],
    ["ours", ours],
  ] as const) {
    const { median, max } = await round(registry);
    figures[name]!.push(median);
    const label = name === "defaults" ? "prom-client's defaults" : "the server's metrics  ";
    console.log(
      `${label}: the event loop held ${median.toFixed(1)} ms a scrape (median), ${max.toFixed(1)} ms at most`,
    );
  }
const med = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
console.log(
  `ratio of the medians (defaults / the server's): ${(med(figures.defaults!) / Math.max(0.1, med(figures.ours!))).toFixed(1)}`,
);
for (const s of sockets) s.destroy();
server.close();
