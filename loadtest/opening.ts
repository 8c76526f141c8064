/**
 * Opening a table: its host creates it (seat 0, private or public), the other players join by
 * id in their seats, the spectators join to watch, then the host starts the game (CPUs fill
 * the seats left open). New connections are paced so that a server slowing down gets fewer of
 * them rather than a growing queue.
 */
import { performance } from "node:perf_hooks";
import type { TableView } from "../shared/protocol/views";
import type { TableReport } from "./channel";
import { connect } from "./connections";
import { Conn, type GeneratorRun, sleep, Table } from "./generatorState";
import type { TableSpec } from "./plan";

/** Connections being opened at once by one generator while it opens its tables. */
const JOINS_AT_ONCE = 8;

/** New connections at most at `joinsPerSecond`, and a few at a time. */
class JoinPacer {
  private nextJoinAt = 0;
  private joining = 0;
  private readonly queue: (() => void)[] = [];

  constructor(private readonly perSecond: number) {}

  /** Resolves with the function to call once the connection is open (or failed). */
  async admit(): Promise<() => void> {
    while (this.joining >= JOINS_AT_ONCE) await new Promise<void>((r) => this.queue.push(r));
    this.joining++;
    const now = performance.now();
    const at = Math.max(now, this.nextJoinAt);
    this.nextJoinAt = at + 1000 / this.perSecond;
    if (at > now) await sleep(at - now);
    return () => {
      this.joining--;
      this.queue.shift()?.();
    };
  }
}

/** Opens the tables of a generator's slots, and their replacements. */
export class Opener {
  private readonly pacer: JoinPacer;

  constructor(private readonly run: GeneratorRun) {
    this.pacer = new JoinPacer(run.b.joinsPerSecond);
  }

  /** The slot's figures, kept across the tables it has. */
  private reportOf(spec: TableSpec): TableReport {
    let report = this.run.reports.find((r) => r.slot === spec.slot);
    if (!report) {
      report = { slot: spec.slot, kind: spec.kind, ids: [], moves: 0, gamesFinished: 0 };
      this.run.reports.push(report);
    }
    return report;
  }

  /** The host creates the table; false if that failed (the table is then forgotten). */
  private async create(t: Table, host: Conn): Promise<boolean> {
    const { run } = this;
    const { spec } = t;
    const game = spec.kind === "xiangqi" ? "xiangqi" : "fourchess";
    const rules: Record<string, unknown> = { cpuLevel: run.b.cpuLevel[game] };
    if (run.b.moveLimit !== null && game === "fourchess") rules.moveLimit = run.b.moveLimit;
    const admitted = await this.pacer.admit();
    const created = await connect(run, host, "create", () =>
      run.client.create<TableView>("table", {
        game,
        ...(game === "fourchess" ? { format: spec.kind } : {}),
        private: spec.private,
        name: host.name,
        seat: 0,
        rules,
      }),
    );
    admitted();
    return created;
  }

  /** The other players in their seats and the spectators. */
  private async joinOthers(t: Table, humans: readonly number[]): Promise<void> {
    const { run } = this;
    const { spec } = t;
    const others: Conn[] = [];
    for (const seat of humans.slice(1)) others.push(new Conn(t, "player", `P${spec.slot}-${seat}`));
    for (let i = 0; i < spec.spectators; i++)
      others.push(new Conn(t, "spectator", `S${spec.slot}-${i}`));
    t.conns.push(...others);
    await Promise.all(
      others.map(async (c) => {
        const admitted = await this.pacer.admit();
        const seat = Number(c.name.split("-")[1]);
        await connect(run, c, "join", () =>
          run.client.joinById<TableView>(
            t.id,
            c.role === "player" ? { name: c.name, seat } : { name: c.name, spectate: true },
          ),
        );
        admitted();
      }),
    );
  }

  /** Opens a table at a slot: its host creates it, the other players and the spectators join. */
  async open(spec: TableSpec): Promise<void> {
    const { run } = this;
    const report = this.reportOf(spec);
    const t = new Table(spec, report);
    run.tables.add(t);
    const seats = spec.kind === "xiangqi" ? 2 : 4;
    const humans = Array.from({ length: seats }, (_, i) => i).filter(
      (s) => s === 0 || !spec.cpuSeats.includes(s),
    );
    const host = new Conn(t, "player", `P${spec.slot}-0`);
    t.conns.push(host);
    if (!(await this.create(t, host))) {
      t.opening = false;
      run.tables.delete(t);
      return;
    }
    t.id = host.room!.roomId;
    report.ids.push(t.id);
    run.figures.games.opened++;
    await this.joinOthers(t, humans);
    t.opening = false;
    // Every person who joined holds their seat now (the server seats them before the join
    // returns); the start fills the rest with CPUs.
    if (t.closing || !host.online) return;
    host.room!.send("start");
  }
}
