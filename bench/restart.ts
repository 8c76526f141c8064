/**
 * `npm run bench:restart -- --tables N [--store sqlite|postgres]`: how long every stored table
 * takes to be back and playable after a restart. It starts the server (bench/restartServer.ts)
 * on a fresh store, brings N xiangqi tables into play with client processes
 * (bench/restartClients.ts, one per 2 500 connections), then restarts the server twice on the
 * same store, gracefully (SIGTERM) and as a crash (SIGKILL), and measures from the new
 * process's spawn: until it listens, until every stored table is restored, until every player
 * is back in their seat, until each table's first move after the restart is answered (made as
 * soon as its players are back: nobody waits for the spectators), and until everyone,
 * spectators too, is back.
 * The client processes run at a lower priority (nice 10) than the server, which in production
 * has its machine to itself. Exit 0 when every table came back, every person in their seat, and
 * no acknowledged move was lost; 1 otherwise. See docs/performance.md, "Restart at scale".
 */
import { type ChildProcess, fork } from "node:child_process";
import { writeFileSync } from "node:fs";
import { setPriority } from "node:os";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { undoAll, undoIfInterrupted, undoOnSignals } from "../loadtest/interrupt";
import { cpuPercent, type Sample, sample } from "../loadtest/server";
import { freshStore } from "../loadtest/stores";
import { freePort } from "../tools/ports";
import type { FromClients, TableBack, ToClients } from "./restartClients";
import { type StartedServer, startServer } from "./restartServer";

const HELP = `npm run bench:restart -- [options]

Brings N xiangqi tables into play (2 players and 2 spectators each, as the load run) on the
server started as npm start does, restarts it twice on the same store (graceful: SIGTERM;
crash: SIGKILL) and measures, from the new process's spawn, the time until it listens, until
every stored table is restored, until every player is back in their seat, until each table's
first move after the restart is answered (made once its players are back), and until
everyone, spectators too, is back. The clients run at nice 10.

  --tables N          tables (default 2500)
  --store KIND        sqlite (a fresh DATA_DIR) or postgres (a throw-away cluster); default sqlite
  --spectators N      spectators per table (default 2, as the load run's)
  --moves N           moves made and answered at each table before the first restart (default 4)
  --spread S          people's first tries spread uniformly over S seconds after the
                      server listens (default 5)
  --give-up S         a restart fails when a table is not back S seconds after the spawn
                      (default 60)
  --target S          the time every table should be playable within (default 10); reported
  --node-flags "F"    the server's Node.js flags instead of npm start's (for example
                      "--max-semi-space-size=8 --cpu-prof --cpu-prof-dir=/tmp/prof")
  --client-flags "F"  more Node.js flags for the client processes (a profile of them, say)
  --json FILE         every figure as JSON (- for stdout)
  --help              this text

Exit 0 when every table came back after both restarts with nothing lost; 1 otherwise.`;

interface Options {
  tables: number;
  store: "sqlite" | "postgres";
  spectators: number;
  moves: number;
  spreadMs: number;
  giveUpMs: number;
  targetMs: number;
  json: string | null;
  /** The server's Node.js flags; npm start's when not given. */
  nodeFlags: readonly string[] | undefined;
  /** More Node.js flags for the client processes. */
  clientFlags: readonly string[];
}

function options(argv: string[]): Options {
  const { values } = parseArgs({
    args: argv,
    options: {
      tables: { type: "string", default: "2500" },
      store: { type: "string", default: "sqlite" },
      spectators: { type: "string", default: "2" },
      moves: { type: "string", default: "4" },
      spread: { type: "string", default: "5" },
      "give-up": { type: "string", default: "60" },
      target: { type: "string", default: "10" },
      json: { type: "string" },
      "node-flags": { type: "string" },
      "client-flags": { type: "string" },
      help: { type: "boolean", default: false },
    },
  });
  if (values.help) {
    process.stdout.write(`${HELP}\n`);
    process.exit(0);
  }
  const int = (name: string, v: string, min: number) => {
    const n = Number(v);
    if (!Number.isInteger(n) || n < min) throw new Error(`--${name}: a whole number ≥ ${min}`);
    return n;
  };
  const seconds = (name: string, v: string) => {
    const n = Number(v);
    if (!Number.isFinite(n) || n < 0) throw new Error(`--${name}: seconds ≥ 0`);
    return n * 1000;
  };
  if (values.store !== "sqlite" && values.store !== "postgres")
    throw new Error("--store: sqlite or postgres");
  return {
    tables: int("tables", values.tables, 1),
    store: values.store,
    spectators: int("spectators", values.spectators, 0),
    moves: int("moves", values.moves, 0),
    spreadMs: seconds("spread", values.spread),
    giveUpMs: seconds("give-up", values["give-up"]),
    targetMs: seconds("target", values.target),
    json: values.json ?? null,
    nodeFlags: values["node-flags"]?.split(/\s+/).filter((flag) => flag !== ""),
    clientFlags: (values["client-flags"] ?? "").split(/\s+/).filter((flag) => flag !== ""),
  };
}

/** Connections per client process, as the load runner's generators. */
const CONNECTIONS_PER_PROCESS = 2500;

interface ClientProcess {
  readonly child: ChildProcess;
  next<T extends FromClients["type"]>(type: T): Promise<Extract<FromClients, { type: T }>>;
  send(m: ToClients): void;
}

/**
 * The client processes' niceness: they share the machine with the server they measure, which
 * in production has the machine to itself, so the server goes first when both want a core
 * (their own CPU is reported beside the server's).
 */
const CLIENTS_NICE = 10;

function forkClients(flags: readonly string[]): ClientProcess {
  const child = fork(fileURLToPath(new URL("./restartClients.ts", import.meta.url)), [], {
    execArgv: [
      "--import",
      "tsx",
      "--max-old-space-size=4096",
      "--max-semi-space-size=32",
      ...flags,
    ],
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  if (child.pid !== undefined) setPriority(child.pid, CLIENTS_NICE);
  const waiting = new Map<string, (m: FromClients) => void>();
  child.on("message", (m: FromClients) => {
    waiting.get(m.type)?.(m);
    waiting.delete(m.type);
  });
  const gone = new Promise<never>((_, reject) =>
    child.once("exit", (code, signal) =>
      reject(new Error(`a client process exited (${signal ?? code})`)),
    ),
  );
  gone.catch(() => undefined);
  return {
    child,
    next: (type) =>
      Promise.race([
        new Promise((resolve) => waiting.set(type, resolve as (m: FromClients) => void)),
        gone,
      ]) as never,
    send: (m) => child.send(m),
  };
}

/** One restart's figures, ms after the spawn. */
interface RestartFigures {
  readonly kind: "graceful" | "crash";
  /** How long the old process took to exit (SIGTERM), ms; 0 for a crash. */
  readonly stopMs: number;
  readonly listenMs: number;
  readonly restoredMs: number | null;
  readonly restored: number;
  /** Every player back in their seat. */
  readonly seatedMs: number | null;
  /** Everyone back, the spectators too. */
  readonly everyoneMs: number | null;
  readonly playable: { p50: number; p95: number; max: number } | null;
  readonly allPlayableMs: number | null;
  readonly tablesBack: number;
  readonly lostMoves: number;
  readonly problems: readonly string[];
  /** CPU of the new server process and of the client processes from its spawn to the end, % of a core. */
  readonly serverCpu: number;
  /** The server's main thread alone (its event loop). */
  readonly serverMainCpu: number;
  /** The server's main thread from listening to the end: how busy the comeback kept it. */
  readonly comebackMainCpu: number;
  readonly clientsCpu: number;
  /** Failed tries to come back (joins by seat token), by error code. */
  readonly failures: Readonly<Record<string, number>>;
  /** Matchmaking calls the people made to come back, and how many people came back. */
  readonly calls: number;
  readonly people: number;
}

const quantile = (sorted: readonly number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? 0;

async function main(): Promise<number> {
  let o: Options;
  try {
    o = options(process.argv.slice(2));
  } catch (e) {
    process.stderr.write(`${(e as Error).message}\n\n${HELP}\n`);
    return 2;
  }
  undoOnSignals();
  const undo: (() => Promise<void>)[] = [];
  const cleanUp = async () => {
    for (const u of undo.reverse()) await u().catch(() => undefined);
    undo.length = 0;
  };
  // Ctrl-C: the same clean-up, through the load runner's interrupt handling.
  return undoIfInterrupted(cleanUp, async () => {
    try {
      return await run(o, undo);
    } finally {
      await cleanUp();
    }
  });
}

async function run(o: Options, undo: (() => Promise<void>)[]): Promise<number> {
  const say = (line: string) => process.stderr.write(`${line}\n`);
  say(`store: ${o.store}; starting it`);
  const store = await freshStore(o.store);
  undo.push(() => store.done());
  const port = await freePort();
  const env = {
    ...store.env,
    PORT: String(port),
    HOST: "127.0.0.1",
    MATCHMAKE_PER_MINUTE: "100000",
    MAX_CONNECTIONS_PER_ADDRESS: "0",
    // No stand-in moves for people away during a restart: every move is theirs.
    STAND_IN_GRACE_MS: "600000",
    CPU_WORKERS: "0",
  };
  let server: StartedServer | null = null;
  undo.push(async () => {
    await server?.stop("SIGKILL");
  });
  server = startServer(env, true, o.nodeFlags);
  await server.listening;
  const url = `ws://127.0.0.1:${port}`;
  const connections = o.tables * (2 + o.spectators);
  const processes = Math.max(1, Math.ceil(connections / CONNECTIONS_PER_PROCESS));
  const clients = Array.from({ length: processes }, () => forkClients(o.clientFlags));
  undo.push(async () => {
    for (const c of clients) if (c.child.exitCode === null) c.child.kill("SIGKILL");
  });
  const share = (i: number) =>
    Math.floor(o.tables / processes) + (i < o.tables % processes ? 1 : 0);
  const openedAt = Date.now();
  say(`opening ${o.tables} tables over ${processes} client process(es)`);
  const opened = clients.map((c) => c.next("opened"));
  for (const [i, c] of clients.entries())
    c.send({
      type: "open",
      url,
      tables: share(i),
      spectators: o.spectators,
      moves: o.moves,
      concurrency: 24,
      prefix: `R${i}x`,
    });
  const openings = await Promise.all(opened);
  const tables = openings.reduce((n, x) => n + x.tables, 0);
  const openErrors = openings.flatMap((x) => x.errors);
  say(
    `opened ${tables} tables in ${((Date.now() - openedAt) / 1000).toFixed(1)} s` +
      (openErrors.length ? `; ${openErrors.length} failed, e.g. ${openErrors[0]}` : ""),
  );
  tellWarnings(server);
  const results: RestartFigures[] = [];
  for (const kind of ["graceful", "crash"] as const) {
    const stopStart = Date.now();
    say(`${kind} restart`);
    const how = await (server as StartedServer).stop(kind === "graceful" ? "SIGTERM" : "SIGKILL");
    tellWarnings(server as StartedServer);
    const stopMs = kind === "graceful" ? Date.now() - stopStart : 0;
    if (kind === "graceful" && how !== "0") say(`the old server exited with ${how}`);
    server = startServer(env, false, o.nodeFlags);
    const s = server;
    const cpuFrom = cpuNow([s.pid], clients);
    const listened = await s.listening;
    const cpuListen = cpuNow([s.pid], clients);
    const back = clients.map((c) => c.next("back"));
    for (const c of clients)
      c.send({
        type: "comeback",
        spawnedAt: s.spawnedAt,
        listenedAt: listened.at,
        spreadMs: o.spreadMs,
        giveUpMs: o.giveUpMs,
      });
    const restoredEvent = await Promise.race([
      s.restored,
      new Promise<null>((r) => setTimeout(() => r(null), o.giveUpMs).unref()),
    ]);
    const all: TableBack[] = (await Promise.all(back)).flatMap((b) => b.tables);
    tellWarnings(s);
    const cpu = cpuSince(cpuFrom, [s.pid], clients);
    const comeback = cpuSince(cpuListen, [s.pid], clients);
    results.push({
      ...figuresOf(
        kind,
        stopMs,
        s,
        listened,
        restoredEvent,
        all,
        tables,
        all.length * (2 + o.spectators),
      ),
      ...cpu,
      comebackMainCpu: comeback.serverMainCpu,
    });
    say(`  ${line(results.at(-1) as RestartFigures)}`);
  }
  await server?.stop("SIGTERM");
  for (const c of clients) c.send({ type: "quit" });
  // Their own exit, not the clean-up's SIGKILL: a profile asked for is written as they exit.
  await Promise.all(
    clients.map(
      (c) =>
        new Promise<void>((resolve) => {
          if (c.child.exitCode !== null) return resolve();
          const bound = setTimeout(resolve, 15_000);
          c.child.once("exit", () => {
            clearTimeout(bound);
            resolve();
          });
        }),
    ),
  );
  const ok =
    openErrors.length === 0 &&
    tables === o.tables &&
    results.every((r) => r.problems.length === 0 && r.tablesBack === tables && r.lostMoves === 0);
  print(o, tables, results);
  if (o.json) {
    const body = JSON.stringify(
      {
        settings: o,
        date: new Date().toISOString(),
        tables,
        openErrors,
        restarts: results,
        ok,
      },
      null,
      2,
    );
    if (o.json === "-") process.stdout.write(`${body}\n`);
    else writeFileSync(o.json, body);
  }
  if (!ok) {
    if (tables !== o.tables) say(`failed: ${o.tables - tables} tables did not open`);
    for (const e of openErrors.slice(0, 10)) say(`failed: ${e}`);
    for (const r of results)
      for (const p of r.problems.slice(0, 10)) say(`failed (${r.kind}): ${p}`);
  }
  return ok ? 0 : 1;
}

/** The server's log lines at warn or above not yet told, so a failed run says why. */
function tellWarnings(server: StartedServer): void {
  for (const line of server.warnings.splice(0)) process.stderr.write(`server: ${line}\n`);
}

/** CPU readings of the server and of the client processes. */
function cpuNow(server: readonly number[], clients: readonly ClientProcess[]) {
  const read = (pids: readonly (number | undefined)[]) =>
    pids.map((p) => (p === undefined ? null : sample(p))).filter((x): x is Sample => x !== null);
  return { server: read(server), clients: read(clients.map((c) => c.child.pid)) };
}

function cpuSince(
  from: ReturnType<typeof cpuNow>,
  server: readonly number[],
  clients: readonly ClientProcess[],
): { serverCpu: number; serverMainCpu: number; clientsCpu: number } {
  const to = cpuNow(server, clients);
  const sum = (a: readonly Sample[], b: readonly Sample[], key: "cpuMs" | "mainMs" = "cpuMs") =>
    a.reduce((n, x, i) => n + (b[i] ? cpuPercent(x, b[i], key) : 0), 0);
  return {
    serverCpu: sum(from.server, to.server),
    serverMainCpu: sum(from.server, to.server, "mainMs"),
    clientsCpu: sum(from.clients, to.clients),
  };
}

function figuresOf(
  kind: "graceful" | "crash",
  stopMs: number,
  s: StartedServer,
  listened: { at: number; restored: number },
  restoredEvent: { at: number; tables: number } | null,
  all: readonly TableBack[],
  tables: number,
  people: number,
): Omit<RestartFigures, "serverCpu" | "serverMainCpu" | "comebackMainCpu" | "clientsCpu"> {
  const restored = restoredEvent?.tables ?? listened.restored;
  const restoredAt = restoredEvent?.at ?? (listened.restored > 0 ? listened.at : null);
  const problems: string[] = [];
  if (restored !== tables) problems.push(`restored ${restored} of ${tables} tables`);
  for (const t of all) for (const p of t.problems) problems.push(`${t.id}: ${p}`);
  const playable = all.map((t) => t.playableMs).filter((x): x is number => x !== null);
  playable.sort((a, b) => a - b);
  const seated = all.map((t) => t.seatedMs);
  const everyone = all.map((t) => t.everyoneMs);
  const back = all.filter((t) => t.playableMs !== null && t.problems.length === 0).length;
  if (all.length !== tables) problems.push(`${tables - all.length} tables not followed`);
  return {
    kind,
    stopMs,
    listenMs: listened.at - s.spawnedAt,
    restoredMs: restoredAt === null ? null : Math.max(restoredAt, listened.at) - s.spawnedAt,
    restored,
    seatedMs: latest(seated),
    everyoneMs: latest(everyone),
    playable: playable.length
      ? {
          p50: quantile(playable, 0.5),
          p95: quantile(playable, 0.95),
          max: playable[playable.length - 1] ?? 0,
        }
      : null,
    allPlayableMs: playable.length === all.length ? (playable.at(-1) ?? 0) : null,
    tablesBack: back,
    lostMoves: all.reduce((n, t) => n + (t.ackedBefore - t.kept), 0),
    problems,
    failures: sumFailures(all),
    calls: all.reduce((n, t) => n + t.calls, 0),
    people,
  };
}

/** The last of the tables' times, or null when a table has none. */
const latest = (times: readonly (number | null)[]) =>
  times.every((x) => x !== null) ? Math.max(0, ...(times as number[])) : null;

function sumFailures(all: readonly TableBack[]): Record<string, number> {
  const sum: Record<string, number> = {};
  for (const t of all)
    for (const [code, n] of Object.entries(t.failures)) sum[code] = (sum[code] ?? 0) + n;
  return sum;
}

const sec = (ms: number | null) => (ms === null ? "–" : `${(ms / 1000).toFixed(2)} s`);

function line(r: RestartFigures): string {
  return (
    `listening ${sec(r.listenMs)}, ${r.restored} restored ${sec(r.restoredMs)}, ` +
    `seated ${sec(r.seatedMs)}, all playable ${sec(r.allPlayableMs)}, everyone back ${sec(r.everyoneMs)}, ${r.problems.length} problems, ` +
    `CPU server ${r.serverCpu.toFixed(0)} % (main ${r.serverMainCpu.toFixed(0)} %, after listening ${r.comebackMainCpu.toFixed(0)} %), clients ${r.clientsCpu.toFixed(0)} %, ` +
    `matchmaking calls ${r.calls} (${(r.calls / Math.max(1, r.people)).toFixed(2)} a person), failed tries ${JSON.stringify(r.failures)}`
  );
}

function print(o: Options, tables: number, results: readonly RestartFigures[]): void {
  const rows = [
    [
      "Restart",
      "Old stopped",
      "Listening",
      "Restored",
      "All seated",
      "First move p50 / p95 / max",
      "All playable",
      "Everyone back",
      "Calls a person",
      "Back",
      "Lost",
    ],
    ...results.map((r) => [
      r.kind,
      r.kind === "graceful" ? sec(r.stopMs) : "–",
      sec(r.listenMs),
      `${r.restored} in ${sec(r.restoredMs)}`,
      sec(r.seatedMs),
      r.playable ? `${sec(r.playable.p50)} / ${sec(r.playable.p95)} / ${sec(r.playable.max)}` : "–",
      sec(r.allPlayableMs) +
        (r.allPlayableMs !== null && r.allPlayableMs <= o.targetMs ? " ✓" : " ✗"),
      sec(r.everyoneMs),
      (r.calls / Math.max(1, r.people)).toFixed(2),
      `${r.tablesBack}/${tables}`,
      String(r.lostMoves),
    ]),
  ];
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  const out = [
    `${tables} xiangqi tables, ${o.spectators} spectators each, store ${o.store}; times from the new process's spawn; first tries spread over ${o.spreadMs / 1000} s after it listens; clients at nice ${CLIENTS_NICE}; ✓ or ✗: all playable within ${o.targetMs / 1000} s or not`,
    ...rows.map((r) => `| ${r.map((c, i) => c.padEnd(widths[i]!)).join(" | ")} |`),
  ];
  out.splice(2, 0, `|${widths.map((w) => "-".repeat(w + 2)).join("|")}|`);
  process.stdout.write(`${out.join("\n")}\n`);
}

main()
  .then((code) => process.exit(code))
  .catch(async (e: Error) => {
    process.stderr.write(`bench:restart failed: ${e.stack ?? e.message}\n`);
    await undoAll();
    process.exit(1);
  });
