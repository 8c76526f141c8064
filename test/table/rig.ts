/**
 * A table with nothing around it: the memory store, a clock the test moves by hand, CPUs that
 * answer at once with the simple policy, connections that keep what they are sent, and a sink
 * that counts what the table published.
 */
import type { BotDriver } from "../../server/bots/driver";
import { MemoryStore } from "../../server/store/memory";
import type { StoredTable } from "../../server/store/types";
import type { ArchiveBudget } from "../../server/table/archiveBudget";
import type { Connection } from "../../server/table/connection";
import { Table, type TableSetup } from "../../server/table/table";
import type { Timer, Timers } from "../../server/table/turnTimer";
import { chooseMove } from "../../shared/bots/simple";
import { defaultRules, type HouseRules } from "../../shared/match/rules";
import {
  type CreateOptions,
  type JoinOptions,
  parseCreateOptions,
} from "../../shared/protocol/messages";

/** Timers on a clock that moves only when the test says. */
export class FakeClock implements Timers {
  now = 1_700_000_000_000;
  private due: { at: number; run: () => void; cleared: boolean }[] = [];

  setTimeout(run: () => void, ms: number): Timer {
    const t = { at: this.now + ms, run, cleared: false };
    this.due.push(t);
    return { clear: () => (t.cleared = true) };
  }

  /** Moves the clock on, firing every timer that falls due on the way, in order. */
  advance(ms: number): void {
    const end = this.now + ms;
    for (;;) {
      const next = this.due.filter((t) => !t.cleared && t.at <= end).sort((a, b) => a.at - b.at)[0];
      if (!next) break;
      this.now = Math.max(this.now, next.at);
      next.cleared = true;
      next.run();
    }
    this.now = end;
  }

  /** Timers set and not yet fired or cleared. */
  get pending(): number {
    return this.due.filter((t) => !t.cleared).length;
  }
}

/** CPUs that answer at once (in a microtask) with the simple policy; counts the questions. */
export class InstantBots implements BotDriver {
  asked = 0;
  async request(req: Parameters<BotDriver["request"]>[0]) {
    this.asked++;
    return chooseMove(req.game, req.seed);
  }
}

/** A connection that keeps every message it was sent. */
export interface FakeConnection extends Connection {
  readonly sent: [type: string, message: unknown][];
  /** The last message of a type it was sent. */
  last<T = Record<string, unknown>>(type: string): T | undefined;
}

export function connection(): FakeConnection {
  const sent: [string, unknown][] = [];
  return {
    sent,
    send: (type, message) => sent.push([type, message]),
    last: <T>(type: string) => sent.filter(([t]) => t === type).at(-1)?.[1] as T | undefined,
  };
}

export function joinOptions(o: Partial<JoinOptions> = {}): JoinOptions {
  return { name: "Ana", spectate: false, seatToken: null, seat: null, playerKey: null, ...o };
}

export interface Rig {
  readonly table: Table;
  readonly store: MemoryStore;
  readonly clock: FakeClock;
  readonly bots: InstantBots;
  readonly connections: FakeConnection[];
  readonly published: { changed: number; stored: number; broadcasts: [string, unknown][] };
  /** Joins a new connection and returns it. */
  join(o?: Partial<JoinOptions>): FakeConnection;
}

export function rig(
  create: Record<string, unknown>,
  opts: {
    store?: MemoryStore;
    restoring?: StoredTable;
    rules?: Partial<HouseRules>;
    clock?: FakeClock;
    id?: string;
    archiveBudget?: ArchiveBudget;
  } = {},
): Rig {
  const parsed = parseCreateOptions(create);
  if (!parsed.ok) throw new Error(parsed.error.message);
  const options: CreateOptions = parsed.value;
  const store = opts.store ?? new MemoryStore();
  const clock = opts.clock ?? new FakeClock();
  const bots = new InstantBots();
  const connections: FakeConnection[] = [];
  const published = { changed: 0, stored: 0, broadcasts: [] as [string, unknown][] };
  const setup: TableSetup = {
    id: opts.id ?? "TABLE1",
    options,
    rules: { ...defaultRules(options.game), ...opts.rules },
    store,
    bots,
    timers: clock,
    now: () => clock.now,
    connections: () => connections,
    graceMs: 10_000,
    quickWaitMs: 30_000,
    timerSecondMs: 1000,
    maxSpectators: 4,
    parking: { keepMs: 7 * 86_400_000, emptyKeepMs: 3_600_000, perAddress: 100 },
    seed: 7,
    ...(opts.restoring ? { restoring: opts.restoring } : {}),
    ...(opts.archiveBudget ? { archiveBudget: opts.archiveBudget } : {}),
    sink: {
      changed: () => published.changed++,
      stored: () => published.stored++,
      broadcast: (type, message) => published.broadcasts.push([type, message]),
    },
  };
  const table = new Table(setup);
  return {
    table,
    store,
    clock,
    bots,
    connections,
    published,
    join(o = {}) {
      const c = connection();
      connections.push(c);
      table.join(c, joinOptions(o), "192.0.2.1");
      return c;
    },
  };
}

/** Lets the microtasks run (store flushes, CPU answers). */
export const settle = () => new Promise<void>((r) => setImmediate(r));
