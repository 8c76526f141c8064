import path from "node:path";
import { parseTrustProxy, type Trust } from "./edge/address";
import { LOG_LEVELS, type LogLevel } from "./ops/log";

const DAY_MS = 24 * 60 * 60 * 1000;

/** Server settings from the environment, with the defaults a fresh clone runs with. */
export interface ServerConfig {
  /** TCP port (`PORT`, default 2567; 0 picks a free one). */
  readonly port: number;
  /** Address to listen on (`HOST`, default all interfaces). */
  readonly listenAddress: string | undefined;
  /** Directory of the built client (`CLIENT_DIR`). */
  readonly clientDir: string;
  /** A dropped player's turn waits this long before the stand-in moves (`STAND_IN_GRACE_MS`, 10 s). */
  readonly graceMs: number;
  /** How long a dropped connection can resume with its reconnection token (`SEAT_HOLD_SECONDS`, 60). */
  readonly holdSeconds: number;
  /**
   * A four-player quick-play table starts this long after its second person sat, CPUs in the
   * empty seats (`QUICKPLAY_WAIT_SECONDS`, 30).
   */
  readonly quickWaitSeconds: number;
  /** Spectators per table (`MAX_SPECTATORS`, 32). */
  readonly maxSpectators: number;
  /** Matchmaking requests (join, create, quick play) per minute per address (`MATCHMAKE_PER_MINUTE`, 60). */
  readonly matchmakePerMinute: number;
  /** Players made per minute per address (`PLAYERS_PER_MINUTE`, 3): `POST /api/players`. */
  readonly playersPerMinute: number;
  /** Pause before a CPU move, so people can follow it (`CPU_DELAY_MS`, 600). */
  readonly cpuDelayMs: number;
  /** Milliseconds in one turn-timer second (`TIMER_SECOND_MS`, 1000; tests shorten it). */
  readonly timerSecondMs: number;
  /** Worker threads for CPU searches (`CPU_WORKERS`, default one per core but one; 0 = none, simple CPUs). */
  readonly cpuWorkers: number | null;
  /** Time cap of one CPU search in ms (`CPU_MOVE_MS`, 1500). */
  readonly cpuMoveMs: number;
  /** Seed for CPU players (`CPU_SEED`): tables get seed, seed+1, … in creation order. Random when unset. */
  readonly cpuSeed: number | null;
  /**
   * How far the JavaScript heap may grow past what the last full collection kept before the
   * next one, in % (`HEAP_GROWTH_PERCENT`; 100: to twice the live heap). 0, the default, is V8's
   * own choice, which lets a server whose collections are quick grow to four or five times its
   * live heap: less memory with a setting, at the cost of more full collections
   * (docs/performance.md).
   */
  readonly heapGrowthPercent: number;
  /** Which proxies in front of the server to believe about the client's address (`TRUST_PROXY`, none). */
  readonly trustProxy: Trust;
  /** Origins besides the server's own whose pages may call the matchmaker (`CORS_ORIGINS`, none). */
  readonly corsOrigins: readonly string[];
  /** Connections open at once per address (`MAX_CONNECTIONS_PER_ADDRESS`, 100; 0 = no cap). */
  readonly maxConnectionsPerAddress: number;
  /** Time a new connection has to send a complete request or upgrade (`HANDSHAKE_MS`, 5000). */
  readonly handshakeMs: number;
  /** `LOG_LEVEL`: fatal, error, warn, info (default), debug, trace or silent. */
  readonly logLevel: LogLevel;
  /**
   * Folder of the SQLite database that keeps tables and finished games (`DATA_DIR`, `./data`,
   * created on start). null (`DATA_DIR=:memory:`) keeps nothing: a restart loses every table.
   */
  readonly dataDir: string | null;
  /** PostgreSQL instead of SQLite (`DATABASE_URL`, `postgres://user:pass@host/db`). */
  readonly databaseUrl: string | null;
  /**
   * Finished games older than this many days are deleted (`ARCHIVE_DAYS`, 90; 0: never). See
   * docs/operations.md for why 90.
   */
  readonly archiveDays: number;
  /**
   * How long a parked table (nobody at it) is kept for someone to come back, in ms
   * (`TABLE_KEEP_DAYS`, 7): after that its game ends by the abandoned rule and is archived.
   */
  readonly tableKeepMs: number;
  /**
   * Tables parked at once per address that opened them (`PARKED_PER_ADDRESS`, 100; 0: no bound):
   * past it a table nobody is at closes as when everyone left, its game archived.
   */
  readonly parkedPerAddress: number;
  /**
   * Finished games archived per hour for the tables one address opened, as a token bucket of
   * that many (`ARCHIVE_GAMES_PER_HOUR`, 300; 0: no bound). Games beyond are played but not kept.
   */
  readonly archiveGamesPerHour: number;
  /**
   * Free space the SQLite volume keeps (`STORE_MIN_FREE_MB`, 256; 0: not watched): below it no
   * new table opens and the health check warns, before writes fail and tables pause.
   */
  readonly storeMinFreeMb: number;
  /**
   * Redis shared by several server processes (`REDIS_URL`, `redis://host:6379/0`): presence,
   * room listings, table codes, table claims and the matchmaking limit. null: one process.
   */
  readonly redisUrl: string | null;
  /**
   * Where clients reach this process (`PUBLIC_ADDRESS`, `host:port` or `host/path`, no scheme);
   * required with `REDIS_URL`. Room connections go to `ws(s)://<address>/<process>/<room>`.
   */
  readonly publicAddress: string | null;
  /** Password of the Colyseus monitor at `/colyseus` (`MONITOR_PASSWORD`); null: no monitor. */
  readonly monitorPassword: string | null;
  /** Bearer token for `GET /metrics` from anywhere (`METRICS_TOKEN`); null: loopback only. */
  readonly metricsToken: string | null;
  /**
   * Password of the operator's feedback desk (`FEEDBACK_PASSWORD`, 12 characters or more), sent
   * as `Authorization: Bearer <password>`; null: no desk (its routes answer 404, and the site
   * says nobody answers feedback here).
   */
  readonly feedbackPassword: string | null;
  /** Feedback is deleted this many days after it was written (`FEEDBACK_DAYS`, 365; 0: never). */
  readonly feedbackDays: number;
  /**
   * Feedback messages per hour, per address and, apart, per device (`FEEDBACK_PER_HOUR`, 5), as
   * token buckets of that many.
   */
  readonly feedbackPerHour: number;
  /** Where people write about their data (`CONTACT_EMAIL`), shown on the privacy page; or null. */
  readonly contactEmail: string | null;
}

function intFrom(
  env: NodeJS.ProcessEnv,
  key: string,
  fallback: number,
  min: number,
  max: number,
): number {
  const raw = env[key];
  if (raw === undefined || raw === "") return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || n > max)
    throw new Error(`${key} must be a whole number from ${min} to ${max}, got "${raw}"`);
  return n;
}

/** Settings renamed since an earlier release: the older name is still read when the new is unset. */
const FORMER_NAMES: readonly (readonly [former: string, current: string])[] = [
  ["BOT_WORKERS", "CPU_WORKERS"],
  ["BOT_MOVE_MS", "CPU_MOVE_MS"],
  ["BOT_SEED", "CPU_SEED"],
];

function withFormerNames(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const out = { ...env };
  for (const [former, current] of FORMER_NAMES)
    if ((out[current] ?? "") === "" && (out[former] ?? "") !== "") out[current] = out[former];
  return out;
}

export function readConfig(
  given: NodeJS.ProcessEnv,
  defaults: { clientDir: string },
): ServerConfig {
  const env = withFormerNames(given);
  return {
    port: intFrom(env, "PORT", 2567, 0, 65535),
    listenAddress: env.HOST || undefined,
    clientDir: path.resolve(env.CLIENT_DIR ?? defaults.clientDir),
    graceMs: intFrom(env, "STAND_IN_GRACE_MS", 10_000, 0, 600_000),
    holdSeconds: intFrom(env, "SEAT_HOLD_SECONDS", 60, 1, 3600),
    quickWaitSeconds: intFrom(env, "QUICKPLAY_WAIT_SECONDS", 30, 1, 600),
    maxSpectators: intFrom(env, "MAX_SPECTATORS", 32, 0, 1000),
    matchmakePerMinute: intFrom(env, "MATCHMAKE_PER_MINUTE", 60, 1, 100_000),
    playersPerMinute: intFrom(env, "PLAYERS_PER_MINUTE", 3, 1, 100_000),
    cpuDelayMs: intFrom(env, "CPU_DELAY_MS", 600, 0, 10_000),
    timerSecondMs: intFrom(env, "TIMER_SECOND_MS", 1000, 1, 1000),
    cpuWorkers: env.CPU_WORKERS ? intFrom(env, "CPU_WORKERS", 1, 0, 64) : null,
    cpuMoveMs: intFrom(env, "CPU_MOVE_MS", 1500, 50, 30_000),
    cpuSeed: env.CPU_SEED ? intFrom(env, "CPU_SEED", 0, 0, 2 ** 31 - 1) : null,
    heapGrowthPercent: intFrom(env, "HEAP_GROWTH_PERCENT", 0, 0, 1000),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    corsOrigins: (env.CORS_ORIGINS ?? "")
      .split(",")
      .map((o) => o.trim())
      .filter(Boolean),
    // Behind a trusted proxy every connection comes from the proxy: cap them there instead.
    maxConnectionsPerAddress: intFrom(
      env,
      "MAX_CONNECTIONS_PER_ADDRESS",
      env.TRUST_PROXY && env.TRUST_PROXY !== "false" ? 0 : 100,
      0,
      100_000,
    ),
    handshakeMs: intFrom(env, "HANDSHAKE_MS", 5000, 100, 120_000),
    logLevel: logLevelFrom(env.LOG_LEVEL),
    dataDir: env.DATA_DIR === ":memory:" ? null : path.resolve(env.DATA_DIR || "data"),
    databaseUrl: env.DATABASE_URL || null,
    archiveDays: intFrom(env, "ARCHIVE_DAYS", 90, 0, 100_000),
    archiveGamesPerHour: intFrom(env, "ARCHIVE_GAMES_PER_HOUR", 300, 0, 1_000_000),
    storeMinFreeMb: intFrom(env, "STORE_MIN_FREE_MB", 256, 0, 1_000_000),
    tableKeepMs: intFrom(env, "TABLE_KEEP_DAYS", 7, 1, 3650) * DAY_MS,
    parkedPerAddress: intFrom(env, "PARKED_PER_ADDRESS", 100, 0, 1_000_000),
    ...scaleFrom(env),
    monitorPassword: secretFrom(env, "MONITOR_PASSWORD"),
    metricsToken: secretFrom(env, "METRICS_TOKEN"),
    feedbackPassword: secretFrom(env, "FEEDBACK_PASSWORD"),
    feedbackDays: intFrom(env, "FEEDBACK_DAYS", 365, 0, 100_000),
    feedbackPerHour: intFrom(env, "FEEDBACK_PER_HOUR", 5, 1, 100_000),
    contactEmail: emailFrom(env.CONTACT_EMAIL),
  };
}

/** `REDIS_URL` and `PUBLIC_ADDRESS`: both or neither (an address alone is harmless). */
function scaleFrom(env: NodeJS.ProcessEnv): Pick<ServerConfig, "redisUrl" | "publicAddress"> {
  const redisUrl = env.REDIS_URL || null;
  if (redisUrl !== null && !/^rediss?:\/\/\S+$/.test(redisUrl))
    throw new Error(`REDIS_URL must look like redis://host:6379 (or rediss:// for TLS)`);
  const raw = (env.PUBLIC_ADDRESS ?? "").trim().replace(/\/+$/, "");
  if (raw !== "" && !/^[A-Za-z0-9.[\]:-]+(\/[A-Za-z0-9._~-]+)*$/.test(raw))
    throw new Error(
      `PUBLIC_ADDRESS must be host:port or host/path, with no scheme (e.g. game.example.com/2568), got "${raw}"`,
    );
  if (redisUrl !== null && raw === "")
    throw new Error(
      "PUBLIC_ADDRESS is required with REDIS_URL: the host:port (or host/path behind a proxy) " +
        "where clients reach this process, e.g. PUBLIC_ADDRESS=10.0.0.5:2567 or game.example.com/2567",
    );
  return { redisUrl, publicAddress: raw || null };
}

/** A password or token: unset means off; a set one must not be guessable in a few tries. */
function secretFrom(env: NodeJS.ProcessEnv, key: string): string | null {
  const raw = env[key];
  if (raw === undefined || raw === "") return null;
  if (raw.length < 12) throw new Error(`${key} must be at least 12 characters long`);
  return raw;
}

/** `CONTACT_EMAIL`: unset means none; a set one must look like an address (one @, no spaces). */
function emailFrom(raw: string | undefined): string | null {
  const v = (raw ?? "").trim();
  if (v === "") return null;
  if (v.length > 254 || !/^[^\s@<>"]+@[^\s@<>"]+\.[^\s@<>"]+$/.test(v))
    throw new Error(`CONTACT_EMAIL must be an email address like privacy@example.com, got "${v}"`);
  return v;
}

function logLevelFrom(raw: string | undefined): LogLevel {
  if (raw === undefined || raw === "") return "info";
  if ((LOG_LEVELS as readonly string[]).includes(raw)) return raw as LogLevel;
  throw new Error(`LOG_LEVEL must be one of ${LOG_LEVELS.join(", ")}, got "${raw}"`);
}
