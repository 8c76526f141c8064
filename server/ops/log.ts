/**
 * The server's log: one JSON line per event (pino), at the level `LOG_LEVEL` sets. Abuse (a
 * flood, an oversized frame, a probing client) is logged once per source per window, as one
 * line that counts what was left out, so a hostile client cannot flood the log.
 */
import pino, { type Logger } from "pino";
import { logTag } from "../edge/addressKey";

export const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export const log: Logger = pino({
  level: "info",
  base: undefined,
  timestamp: pino.stdTimeFunctions.isoTime,
  formatters: { level: (label) => ({ level: label }) },
});

export function setLogLevel(level: LogLevel): void {
  log.level = level;
}

interface Window {
  readonly source: string;
  readonly kind: string;
  readonly start: number;
  suppressed: number;
}

/**
 * Reports of abuse, at most one line per source (an address, written as its tag: never in
 * clear) and kind per window: the first report is written at once; the ones after it are
 * counted and written as one line with the count when the window has passed.
 */
export class AbuseLog {
  private readonly windows = new Map<string, Window>();
  private readonly timer: ReturnType<typeof setInterval>;

  constructor(
    private readonly windowMs = 60_000,
    private readonly sink: Pick<Logger, "warn"> = log,
    private readonly now: () => number = Date.now,
    /** How a source (an address) is named in the log: a keyed hash (edge/addressKey.ts). */
    private readonly tagOf: (address: string) => string = logTag,
  ) {
    this.timer = setInterval(() => this.flush(), Math.min(windowMs, 10_000));
    this.timer.unref();
  }

  report(kind: string, address: string, details: Record<string, unknown> = {}): void {
    const now = this.now();
    const source = this.tagOf(address);
    const key = `${kind} ${source}`;
    const w = this.windows.get(key);
    if (w && now - w.start < this.windowMs) {
      w.suppressed++;
      return;
    }
    if (w) this.write(w);
    if (this.windows.size >= 10_000) this.flush(true);
    this.windows.set(key, { source, kind, start: now, suppressed: 0 });
    this.sink.warn({ event: "abuse", kind, source, ...details }, `abuse: ${kind}`);
  }

  /** Writes the counts of windows that have passed (all of them with `all`). */
  flush(all = false): void {
    const now = this.now();
    for (const [key, w] of this.windows) {
      if (!all && now - w.start < this.windowMs) continue;
      this.write(w);
      this.windows.delete(key);
    }
  }

  private write(w: Window): void {
    if (w.suppressed === 0) return;
    this.sink.warn(
      {
        event: "abuse",
        kind: w.kind,
        source: w.source,
        suppressed: w.suppressed,
        windowMs: this.windowMs,
      },
      `abuse: ${w.kind}, ${w.suppressed} more time(s)`,
    );
    w.suppressed = 0;
  }

  close(): void {
    clearInterval(this.timer);
    this.flush(true);
  }
}

/**
 * Colyseus' own log lines, through ours. Errors it prints for what a client did wrong (a frame
 * too large or malformed, a join without a seat) are the server's abuse reports' business and
 * are left out here; everything else keeps its level.
 */
const CLIENT_FAULTS = [
  /Max payload size exceeded/i,
  /Invalid WebSocket frame/i,
  /seat reservation expired/i,
  /couldn't decode message/i,
  /Unexpected end of MessagePack data/i,
  /Data read, but end of buffer not reached/i,
];

function text(args: unknown[]): string {
  return args
    .map((a) => (a instanceof Error ? (a.stack ?? a.message) : String(a)))
    .join(" ")
    .slice(0, 2000);
}

export const colyseusLogger = {
  debug: (...args: unknown[]) => log.debug({ source: "colyseus" }, text(args)),
  trace: (...args: unknown[]) => log.trace({ source: "colyseus" }, text(args)),
  info: (...args: unknown[]) => log.info({ source: "colyseus" }, text(args)),
  warn: (...args: unknown[]) => log.warn({ source: "colyseus" }, text(args)),
  error: (...args: unknown[]) => {
    const message = text(args);
    if (CLIENT_FAULTS.some((re) => re.test(message))) {
      log.debug({ source: "colyseus" }, message);
      return;
    }
    log.error({ source: "colyseus" }, message);
  },
};
