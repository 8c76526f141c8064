/**
 * One load generator process, started by `loadtest/run.ts` over a child process channel. It
 * opens its share of the tables with colyseus.js (players in their seats, spectators), holds
 * the moves until the runner says go, then plays legal moves with think time, drops and brings
 * back connections at random, starts the next game or closes and replaces finished tables, and
 * on stop checks that every connection saw every move before it reports.
 *
 * Kept lean so that it is not the limit being measured: every table's game is followed once
 * per process, one move-list entry at a time, whichever of its connections sees the entry
 * first; a connection only compares the entries it receives against that list; the only timers
 * are a think time when a move is due, a comeback after a drop, and one sweep a second for the
 * whole process (stuck turns, unanswered moves, drops).
 */
import { monitorEventLoopDelay, performance } from "node:perf_hooks";
import {
  Decoder,
  type Iterator,
  Reflection,
  type Schema,
  type TypeContext,
} from "@colyseus/schema";
import { Client, Room, registerSerializer, SchemaSerializer } from "colyseus.js";
import { seeded } from "../shared/core/random";
import { advance, type Replayed } from "../shared/match/replay";
import type { MoveView, TableView } from "../shared/protocol/views";
import { entryFromView, replayView, squareCode } from "../shared/protocol/wire";
import type {
  FromGenerator,
  GeneratorConfig,
  GeneratorReport,
  Incident,
  TableReport,
  ToGenerator,
} from "./channel";
import type { Behaviour, TableSpec } from "./plan";
import { addCount, type Counts, Histogram } from "./stats";

const ROOM_STATE_PATCH = 15;
/** The event-loop delay monitor's timer, ms; its readings include it. */
const LOOP_RESOLUTION_MS = 10;
/** Connections being opened at once by one generator while it opens its tables. */
const JOINS_AT_ONCE = 8;
/** The most incidents (lost or stuck moves) kept for the report. */
const MAX_INCIDENTS = 50;

type TableRoom = Room<TableView>;
type Role = "player" | "spectator";

/** A move sent and not yet answered. */
interface Pending {
  readonly game: number;
  readonly ply: number;
  readonly seat: number;
  readonly from: number;
  readonly to: number;
  readonly sentAt: number;
}

/** One connection of a person at a table, across its drops and comebacks. */
class Conn {
  room: TableRoom | null = null;
  /** Public id from `welcome` ("" until it arrives). */
  player = "";
  seatToken = "";
  online = false;
  /** Coming back after a drop. */
  rejoining = false;
  /** Game number and move count of the last state this connection received. */
  game = -1;
  seen = 0;
  /** A state arrived since the connection (re)joined: later ones are patches. */
  hadState = false;
  pending: Pending | null = null;
  think: ReturnType<typeof setTimeout> | null = null;
  nextDrop = Number.POSITIVE_INFINITY;

  constructor(
    readonly table: Table,
    readonly role: Role,
    readonly name: string,
  ) {}
}

/** A table as this process follows it: the game as far as any of its connections has seen. */
class Table {
  id = "";
  readonly conns: Conn[] = [];
  /** The followed game: number, starting position, engine state and one key per entry. */
  game = -1;
  startFen = "";
  phase: TableView["phase"] = "waiting";
  followed: Replayed | null = null;
  keys: number[] = [];
  lastProgress = performance.now();
  /** The position (game:ply) already reported stuck. */
  stuckMark = "";
  /** The finished game whose next step (another game, or closing) is under way. */
  finishedHandled = -1;
  /** The finished game already counted, and whether the table plays another. */
  decidedGame = -1;
  /** Its players and spectators are still joining. */
  opening = true;
  closing = false;
  /** The table is to close once its connections agree on the last game (since when). */
  closeAt = 0;
  /** The game before the current one, and its length: a connection that saw it must see it all. */
  previousGame = -1;
  previousLength = 0;
  /** All connections agreed on the moves during the final check. */
  settled = false;

  constructor(
    readonly spec: TableSpec,
    readonly report: TableReport,
  ) {}

  get host(): Conn | undefined {
    return this.conns[0];
  }
}

/** A move-list entry as one number, to compare what connections see. */
function keyOf(m: MoveView): number {
  return (
    (m.seat ?? 0) +
    (m.from ?? 0) * 4 +
    (m.to ?? 0) * 1024 +
    (m.promotion ?? 0) * 262_144 +
    (m.by ?? 0) * 2_097_152 +
    (m.resigned ? 8_388_608 : 0) +
    (m.captured ? 16_777_216 : 0)
  );
}

const PHASE_RANK = { waiting: 0, playing: 1, finished: 2 } as const;

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

function codeOf(e: unknown): string {
  const code = (e as { code?: unknown }).code;
  return code === undefined ? "network" : String(code);
}

const messageOf = (e: unknown) => (e instanceof Error ? e.message : String(e)).slice(0, 200);

/** Counts the patch frames spectators receive; set per room. */
const counted = new WeakMap<object, Conn>();

class Generator {
  private readonly client: Client;
  private readonly random: () => number;
  private readonly b: Behaviour;
  private readonly tables = new Set<Table>();
  private readonly reports: TableReport[] = [];
  private started = false;
  private stopping = false;
  /** The final check is over: connections still away stay away. */
  private gaveUp = false;
  private nextJoinAt = 0;
  private joining = 0;
  private readonly joinQueue: (() => void)[] = [];
  private sweeper: ReturnType<typeof setInterval> | null = null;
  private setupMs = 0;
  // Figures.
  private readonly joins: Counts = {};
  private readonly reconnects: Counts = {};
  private reconnectRetries = 0;
  private drops = 0;
  private readonly moves = { sent: 0, acked: 0, refused: 0 };
  private readonly played = { player: 0, cpu: 0, standIn: 0 };
  private readonly errors: Counts = {};
  private readonly errorSamples: Record<string, string> = {};
  private readonly lost = { unseen: 0, unanswered: 0 };
  private stuck = 0;
  private readonly incidents: Incident[] = [];
  private readonly rtt = new Histogram();
  private readonly spectator = { bytes: 0, frames: 0, moves: 0 };
  private readonly games = { finished: 0, again: 0, closed: 0, opened: 0 };
  private readonly loop = monitorEventLoopDelay({ resolution: LOOP_RESOLUTION_MS });
  private window = { start: 0, cpu: process.cpuUsage(), cpuUsed: 0 };

  constructor(private readonly config: GeneratorConfig) {
    this.client = new Client(config.url);
    this.random = seeded(config.seed);
    this.b = config.behaviour;
  }

  // ---- setup ------------------------------------------------------------------------------

  async setUp(): Promise<{ clients: number; setupMs: number }> {
    const t0 = performance.now();
    await Promise.all(this.config.tables.map((spec) => this.open(spec)));
    // Every table should be playing (moves are held until go).
    const deadline = performance.now() + 60_000;
    while (performance.now() < deadline) {
      if ([...this.tables].every((t) => t.phase === "playing" || t.closing)) break;
      await sleep(50);
    }
    this.setupMs = performance.now() - t0;
    let clients = 0;
    for (const t of this.tables) for (const c of t.conns) if (c.online) clients++;
    return { clients, setupMs: Math.round(this.setupMs) };
  }

  /**
   * Opening tables, new connections come at most at `joinsPerSecond` and a few at a time, so
   * that a server slowing down gets fewer of them rather than a growing queue. Resolves with
   * the function to call once the connection is open (or failed).
   */
  private async admit(): Promise<() => void> {
    while (this.joining >= JOINS_AT_ONCE) await new Promise<void>((r) => this.joinQueue.push(r));
    this.joining++;
    const now = performance.now();
    const at = Math.max(now, this.nextJoinAt);
    this.nextJoinAt = at + 1000 / this.b.joinsPerSecond;
    if (at > now) await sleep(at - now);
    return () => {
      this.joining--;
      this.joinQueue.shift()?.();
    };
  }

  /** Opens a table at a slot: its host creates it, the other players and the spectators join. */
  private async open(spec: TableSpec): Promise<void> {
    let report = this.reports.find((r) => r.slot === spec.slot);
    if (!report) {
      report = { slot: spec.slot, kind: spec.kind, ids: [], moves: 0, gamesFinished: 0 };
      this.reports.push(report);
    }
    const t = new Table(spec, report);
    this.tables.add(t);
    const game = spec.kind === "xiangqi" ? "xiangqi" : "fourchess";
    const seats = game === "xiangqi" ? 2 : 4;
    const humans = Array.from({ length: seats }, (_, i) => i).filter(
      (s) => s === 0 || !spec.cpuSeats.includes(s),
    );
    const host = new Conn(t, "player", `P${spec.slot}-0`);
    t.conns.push(host);
    const rules: Record<string, unknown> = { cpuLevel: this.b.cpuLevel[game] };
    if (this.b.moveLimit !== null && game === "fourchess") rules.moveLimit = this.b.moveLimit;
    const admitted = await this.admit();
    const created = await this.connect(host, "create", () =>
      this.client.create<TableView>("table", {
        game,
        ...(game === "fourchess" ? { format: spec.kind } : {}),
        private: spec.private,
        name: host.name,
        seat: 0,
        rules,
      }),
    );
    admitted();
    if (!created) {
      t.opening = false;
      this.tables.delete(t);
      return;
    }
    t.id = host.room!.roomId;
    report.ids.push(t.id);
    this.games.opened++;
    const others: Conn[] = [];
    for (const seat of humans.slice(1)) others.push(new Conn(t, "player", `P${spec.slot}-${seat}`));
    for (let i = 0; i < spec.spectators; i++)
      others.push(new Conn(t, "spectator", `S${spec.slot}-${i}`));
    t.conns.push(...others);
    await Promise.all(
      others.map(async (c) => {
        const admitted = await this.admit();
        const seat = Number(c.name.split("-")[1]);
        await this.connect(c, "join", () =>
          this.client.joinById<TableView>(
            t.id,
            c.role === "player" ? { name: c.name, seat } : { name: c.name, spectate: true },
          ),
        );
        admitted();
      }),
    );
    t.opening = false;
    // Every person who joined holds their seat now (the server seats them before the join
    // returns); the start fills the rest with CPUs.
    if (t.closing || !host.online) return;
    host.room!.send("start");
  }

  /** Opens a connection and follows it; false (and the error counted) if it failed. */
  private async connect(c: Conn, kind: string, how: () => Promise<TableRoom>): Promise<boolean> {
    try {
      const room = await how();
      addCount(this.joins, kind);
      this.attach(c, room);
      return true;
    } catch (e) {
      this.error(`join ${codeOf(e)}`, messageOf(e));
      return false;
    }
  }

  private attach(c: Conn, room: TableRoom): void {
    const t = c.table;
    c.room = room;
    c.online = true;
    c.game = -1;
    c.seen = 0;
    c.hadState = false;
    // colyseus.js prints every room error; they are counted here instead.
    room.onError.clear();
    room.onError((code, message) => this.error(`room ${code}`, String(message)));
    // A room left behind by a drop may still deliver a frame or two: only the current one counts.
    room.onStateChange((s) => {
      if (c.room === room) this.observe(c, s);
    });
    room.onMessage("error", (e: { code: string; message: string; request?: string }) => {
      if (c.room !== room) return;
      this.error(e.code, `${e.request ?? ""}: ${e.message}`);
      if (e.request === "move" && c.pending) {
        c.pending = null;
        this.moves.refused++;
      }
    });
    room.onMessage("seat", (m: { seat: number; token: string }) => {
      c.seatToken = m.token;
    });
    room.onMessage("welcome", (w: { player: string; role: Role }) => {
      if (c.room !== room) return;
      c.player = w.player;
      if (c.role === "player" && w.role !== "player")
        this.error("check/seat-lost", `${t.id}: ${c.name} came back as a spectator`);
      if (room.state.moves) this.decide(c, room.state);
    });
    room.onMessage("hint", () => undefined);
    room.onMessage("closing", () => undefined);
    room.onLeave((code) => this.left(c, room, code));
    if (c.role === "spectator") counted.set(room, c);
    room.send("hello");
    if (this.started && !this.stopping) c.nextDrop = performance.now() + this.dropDelay();
  }

  // ---- following the tables -----------------------------------------------------------------

  /** Every state a connection receives: the table's game, this connection's view of it. */
  private observe(c: Conn, s: TableView): void {
    if (!s.moves) return;
    const t = c.table;
    const now = performance.now();
    const n = s.moves.length;
    const g = s.gameNumber;
    const ahead =
      g > t.game ||
      (g === t.game &&
        (n > t.keys.length || (n === t.keys.length && PHASE_RANK[s.phase] > PHASE_RANK[t.phase])));
    if (ahead) this.follow(t, s, now);
    const patch = c.hadState;
    c.hadState = true;
    if (g !== c.game) {
      // A connection that followed the previous game by patches must have seen all of it.
      if (patch && c.game === t.previousGame && c.seen < t.previousLength) {
        this.lost.unseen += t.previousLength - c.seen;
        this.incident(
          t,
          `${c.name} never saw ${t.previousLength - c.seen} of the ${t.previousLength} moves of game ${c.game}`,
        );
      }
      c.game = g;
      c.seen = 0;
    }
    if (g === t.game) {
      if (n < c.seen) this.error("check/moves-shrank", `${t.id}: ${c.seen} → ${n} moves`);
      for (let i = c.seen; i < n; i++) {
        if (keyOf(s.moves[i]!) !== t.keys[i]) {
          this.error("check/moves-differ", `${t.id}: ${c.name} sees another move ${i + 1}`);
          break;
        }
      }
    }
    if (c.role === "spectator" && patch && n > c.seen && this.started && !this.stopping)
      this.spectator.moves += n - c.seen;
    c.seen = n;
    const p = c.pending;
    if (p) {
      if (g !== p.game) {
        c.pending = null;
        this.error("check/move-overtaken", `${t.id}: the game changed under a move`);
      } else if (n > p.ply) {
        c.pending = null;
        const m = s.moves[p.ply]!;
        if (m.seat === p.seat && m.from === p.from && m.to === p.to && !m.by) {
          this.rtt.add(now - p.sentAt);
          this.moves.acked++;
        } else this.error("check/move-overtaken", `${t.id}: another entry at ply ${p.ply + 1}`);
      }
    }
    this.decide(c, s);
  }

  /** Plays the followed game on to a state that is ahead of it. */
  private follow(t: Table, s: TableView, now: number): void {
    const n = s.moves.length;
    let added = 0;
    if (s.gameNumber !== t.game || s.startFen !== t.startFen || !t.followed) {
      const r = replayView(s);
      if (!r.ok) {
        this.error("check/replay", `${t.id}: ${r.error.message}`);
        return;
      }
      t.followed = r.value;
      if (s.gameNumber !== t.game) {
        t.previousGame = t.game;
        t.previousLength = t.keys.length;
      }
      t.keys = Array.from(s.moves, keyOf);
      t.game = s.gameNumber;
      t.startFen = s.startFen;
      added = n;
      for (let i = 0; i < n; i++) this.countPlayed(s.moves[i]!);
    } else {
      for (let i = t.keys.length; i < n; i++) {
        const m = s.moves[i]!;
        const r = advance(t.followed, entryFromView(s.game, m));
        if (!r.ok) {
          this.error("check/replay", `${t.id}: entry ${i + 1}: ${r.error.message}`);
          return;
        }
        t.followed = r.value;
        t.keys.push(keyOf(m));
        added++;
        this.countPlayed(m);
      }
    }
    t.phase = s.phase;
    t.report.moves += added;
    t.lastProgress = now;
  }

  /** A player whose turn it is (in its own view, caught up with the table) thinks, then moves. */
  private decide(c: Conn, s: TableView): void {
    if (!this.started || this.stopping || c.role !== "player" || !c.online || !c.player) return;
    if (c.pending || c.think) return;
    const t = c.table;
    if (s.phase !== "playing" || s.gameNumber !== t.game || s.moves.length !== t.keys.length)
      return;
    if (s.seats[s.turn]?.player !== c.player) return;
    const [min, max] = this.b.thinkMs;
    c.think = setTimeout(() => this.play(c), min + this.random() * (max - min));
  }

  private play(c: Conn): void {
    c.think = null;
    const room = c.room;
    const t = c.table;
    if (!room || !c.online || this.stopping || c.pending || !t.followed) return;
    const s = room.state;
    const n = s.moves.length;
    if (s.phase !== "playing" || s.gameNumber !== t.game || n !== t.keys.length) return;
    if (s.seats[s.turn]?.player !== c.player) return;
    const legal = t.followed.game.legalMoves();
    const move = legal[Math.floor(this.random() * legal.length)];
    if (!move) return;
    c.pending = {
      game: s.gameNumber,
      ply: n,
      seat: s.turn,
      from: squareCode(s.game, move.from),
      to: squareCode(s.game, move.to),
      sentAt: performance.now(),
    };
    this.moves.sent++;
    room.send("move", move);
  }

  // ---- drops, comebacks, leaving ------------------------------------------------------------

  private dropDelay(): number {
    const perMs = this.b.dropsPerMinute / 60_000;
    return perMs > 0 ? -Math.log(1 - this.random()) / perMs : Number.POSITIVE_INFINITY;
  }

  /** The connection drops without saying goodbye, then comes back after a while. */
  private drop(c: Conn): void {
    const room = c.room!;
    this.drops++;
    c.online = false;
    c.room = null;
    if (c.think) clearTimeout(c.think);
    c.think = null;
    const player = c.role === "player";
    const away = player && this.random() < this.b.awayShare;
    const [min, max] = this.b.offlineMs;
    const offline = away
      ? this.b.graceMs + 1000 + this.random() * 2000
      : min + this.random() * (max - min);
    const token = player && this.random() < this.b.reconnectShare ? room.reconnectionToken : null;
    void room.leave(false);
    c.rejoining = true;
    setTimeout(() => void this.rejoin(c, token), offline);
  }

  /**
   * Back after a drop: within the hold with the reconnection token (retried with back-off, as
   * the server may not have seen the drop yet), else with the seat token; spectators join again.
   * A failed comeback is counted and tried again with the seat token, as the browser client
   * does, until the run's final check gives up.
   */
  private async rejoin(c: Conn, token: string | null, wait = 1000): Promise<void> {
    const t = c.table;
    if (this.gaveUp) {
      c.rejoining = false;
      return;
    }
    let room: TableRoom | null = null;
    if (token) {
      for (let attempt = 0, wait = 100; attempt < 8 && !t.closing; attempt++, wait *= 2) {
        try {
          room = await this.client.reconnect<TableView>(token);
          addCount(this.reconnects, "reconnection token");
          break;
        } catch (e) {
          if (codeOf(e) === "4212" && attempt < 7) {
            this.reconnectRetries++;
            await sleep(wait);
            continue;
          }
          this.error(`reconnect ${codeOf(e)}`, messageOf(e));
          break;
        }
      }
    }
    if (!room && !t.closing) {
      try {
        room = await this.client.joinById<TableView>(
          t.id,
          c.role === "player"
            ? { name: c.name, seatToken: c.seatToken }
            : { name: c.name, spectate: true },
        );
        addCount(this.reconnects, c.role === "player" ? "seat token" : "spectator");
      } catch (e) {
        this.error(`rejoin ${codeOf(e)}`, messageOf(e));
      }
    }
    if (!room && !t.closing) {
      setTimeout(() => void this.rejoin(c, null, Math.min(wait * 2, 8000)), wait);
      return;
    }
    c.rejoining = false;
    if (!room) return;
    if (t.closing) {
      void room.leave(true);
      return;
    }
    this.attach(c, room);
  }

  /** A connection closed: expected when we closed it, else counted and brought back. */
  private left(c: Conn, room: TableRoom, code: number): void {
    if (c.room !== room) return;
    c.online = false;
    c.room = null;
    if (c.think) clearTimeout(c.think);
    c.think = null;
    if (c.table.closing || this.stopping) return;
    this.error(`close ${code}`, `${c.table.id}: ${c.name}`);
    c.rejoining = true;
    setTimeout(() => void this.rejoin(c, null), 500);
  }

  /** After a result: the next game at the same table, or the table closes (and a new one opens). */
  private finished(t: Table): void {
    t.finishedHandled = t.game;
    if (t.decidedGame !== t.game) {
      t.decidedGame = t.game;
      t.report.gamesFinished++;
      this.games.finished++;
      if (this.random() >= this.b.again) {
        // Closed once every connection has seen the end (checked each sweep).
        t.closeAt = performance.now();
        return;
      }
      this.games.again++;
    }
    const seated = t.conns.find(
      (c) =>
        c.online &&
        c.player &&
        c.role === "player" &&
        c.room?.state.seats.some((s) => s.player === c.player),
    );
    // Nobody here to ask for it now: the next sweep tries again.
    if (!seated) {
      t.finishedHandled = -1;
      return;
    }
    const [min, max] = this.b.thinkMs;
    setTimeout(
      () => {
        if (this.stopping || t.closing) return;
        if (seated.online && seated.room) seated.room.send("playAgain");
        else t.finishedHandled = -1;
      },
      min + this.random() * (max - min),
    );
  }

  /**
   * A table to close goes once every connection shows the whole last game; one that still
   * does not after `lostAfterMs` never saw those moves.
   */
  private closeWhenSeen(t: Table, now: number): void {
    const behind = t.conns.filter(
      (c) => c.online && !(c.game === t.game && c.seen === t.keys.length),
    );
    if (behind.length > 0 && now - t.closeAt < this.b.lostAfterMs) return;
    for (const c of behind) {
      const missing = c.game === t.game ? t.keys.length - c.seen : t.keys.length;
      this.lost.unseen += missing;
      this.incident(t, `${c.name} never saw ${missing} of the ${t.keys.length} moves`);
    }
    this.close(t);
    this.games.closed++;
    if (this.b.replace) void this.open(t.spec);
  }

  private close(t: Table): void {
    t.closing = true;
    this.tables.delete(t);
    for (const c of t.conns) {
      if (c.think) clearTimeout(c.think);
      c.think = null;
      c.pending = null;
      const room = c.room;
      c.room = null;
      c.online = false;
      // Not awaited: a room the server already closed never answers a leave.
      if (room) void room.leave(true);
    }
  }

  // ---- the run ------------------------------------------------------------------------------

  go(): void {
    const now = performance.now();
    this.started = true;
    this.window = { start: now, cpu: process.cpuUsage(), cpuUsed: 0 };
    this.loop.enable();
    this.loop.reset();
    for (const t of this.tables) {
      t.lastProgress = now;
      for (const c of t.conns) {
        c.nextDrop = now + this.dropDelay();
        if (c.room?.state.moves) this.decide(c, c.room.state);
      }
    }
    this.sweeper = setInterval(() => this.sweep(), 1000);
  }

  /** Once a second: stuck turns, unanswered moves, finished games, drops. */
  private sweep(): void {
    if (this.stopping) return;
    const now = performance.now();
    for (const t of [...this.tables]) {
      if (t.closeAt) {
        this.closeWhenSeen(t, now);
        continue;
      }
      const mark = `${t.game}:${t.keys.length}`;
      const idle = now - Math.max(t.lastProgress, this.window.start);
      if (!t.opening && idle > this.b.stuckAfterMs && t.stuckMark !== mark) {
        t.stuckMark = mark;
        this.stuck++;
        const seat = t.host?.room?.state.seats[t.host.room.state.turn];
        this.incident(
          t,
          `stuck: ${t.phase}, game ${t.game}, ${t.keys.length} moves, no change for ${Math.round(idle)} ms (turn of a ${seat?.kind ?? "?"} seat${seat?.standIn ? " with its stand-in" : ""}${seat && !seat.connected ? ", away" : ""})`,
        );
      }
      if (t.phase === "finished" && t.finishedHandled !== t.game) this.finished(t);
      for (const c of t.conns) {
        const p = c.pending;
        if (p && now - p.sentAt > this.b.lostAfterMs) {
          c.pending = null;
          this.lost.unanswered++;
          this.incident(t, `move ${p.ply + 1} sent by ${c.name} got neither a patch nor an error`);
        }
        if (
          c.online &&
          !c.pending &&
          now >= c.nextDrop &&
          c.player &&
          (c.role === "spectator" || c.seatToken) &&
          t.phase === "playing"
        )
          this.drop(c);
      }
    }
  }

  /** Stops playing; waits for answers, comebacks and every connection to agree; reports. */
  async stop(): Promise<GeneratorReport> {
    this.stopping = true;
    const end = performance.now();
    const cpu = process.cpuUsage(this.window.cpu);
    this.window.cpuUsed = (cpu.user + cpu.system) / 1000;
    this.loop.disable();
    if (this.sweeper) clearInterval(this.sweeper);
    for (const t of this.tables)
      for (const c of t.conns) {
        if (c.think) clearTimeout(c.think);
        c.think = null;
      }
    const deadline = end + this.b.settleMs;
    for (;;) {
      const now = performance.now();
      let waiting = false;
      for (const t of this.tables) {
        for (const c of t.conns) {
          if (c.pending && now - c.pending.sentAt > this.b.lostAfterMs) {
            c.pending = null;
            this.lost.unanswered++;
            this.incident(t, `move sent by ${c.name} got neither a patch nor an error`);
          }
          if (c.pending || c.rejoining) waiting = true;
        }
        if (t.opening) waiting = true;
        if (!t.settled)
          t.settled = t.conns.every(
            (c) => !c.online || (c.game === t.game && c.seen === t.keys.length),
          );
        if (!t.settled) waiting = true;
      }
      if (!waiting || now > deadline) break;
      await sleep(100);
    }
    this.gaveUp = true;
    for (const t of this.tables) {
      for (const c of t.conns) {
        if (c.pending) {
          c.pending = null;
          this.lost.unanswered++;
          this.incident(t, `move sent by ${c.name} got neither a patch nor an error`);
        }
        if (c.rejoining) this.error("check/not-back", `${t.id}: ${c.name} did not get back in`);
        if (t.settled || !c.online) continue;
        const missing = c.game === t.game ? t.keys.length - c.seen : t.keys.length;
        if (missing > 0) {
          this.lost.unseen += missing;
          this.incident(t, `${c.name} never saw ${missing} of the ${t.keys.length} moves`);
        }
      }
    }
    let clients = 0;
    for (const t of this.tables) for (const c of t.conns) if (c.online) clients++;
    // Past the monitor's own timer interval, in ms.
    const ms = (ns: number) => Math.max(0, Math.round(ns / 1e4 - LOOP_RESOLUTION_MS * 100) / 100);
    return {
      index: this.config.index,
      clients,
      setupMs: Math.round(this.setupMs),
      tables: this.reports.sort((a, b) => a.slot - b.slot),
      joins: this.joins,
      drops: this.drops,
      reconnects: this.reconnects,
      reconnectRetries: this.reconnectRetries,
      moves: this.moves,
      played: this.played,
      errors: this.errors,
      errorSamples: this.errorSamples,
      lost: this.lost,
      stuck: this.stuck,
      incidents: this.incidents,
      rtt: this.rtt.data(),
      spectator: this.spectator,
      games: this.games,
      cpuPercent: Math.round((this.window.cpuUsed / (end - this.window.start)) * 1000) / 10,
      loopDelay: {
        p50: ms(this.loop.percentile(50)),
        p99: ms(this.loop.percentile(99)),
        max: ms(this.loop.max),
      },
      rssBytes: process.memoryUsage().rss,
      windowMs: Math.round(end - this.window.start),
    };
  }

  /** Leaves every table (on purpose) once the report is out. */
  leaveAll(): void {
    for (const t of [...this.tables]) this.close(t);
  }

  progress(): FromGenerator {
    let moves = 0;
    for (const r of this.reports) moves += r.moves;
    let errors = 0;
    for (const n of Object.values(this.errors)) errors += n;
    const cpu = process.cpuUsage(this.window.cpu);
    const elapsed = performance.now() - this.window.start;
    return {
      type: "progress",
      open: this.tables.size,
      moves,
      errors,
      lost: this.lost.unanswered + this.lost.unseen,
      stuck: this.stuck,
      cpuPercent: Math.round(((cpu.user + cpu.system) / 1000 / elapsed) * 1000) / 10,
    };
  }

  /** Spectators' patch frames: payload plus the WebSocket header the server sent with it. */
  countFrame(bytes: number): void {
    if (!this.started || this.stopping) return;
    this.spectator.frames++;
    this.spectator.bytes += bytes + (bytes < 126 ? 2 : bytes < 65_536 ? 4 : 10);
  }

  private countPlayed(m: MoveView): void {
    if (m.by === 1) this.played.cpu++;
    else if (m.by === 2) this.played.standIn++;
    else this.played.player++;
  }

  private error(key: string, message: string): void {
    addCount(this.errors, key);
    this.errorSamples[key] ??= message;
  }

  private incident(t: Table, what: string): void {
    if (this.incidents.length < MAX_INCIDENTS) this.incidents.push({ table: t.id, what });
  }
}

let generator: Generator | null = null;

/**
 * colyseus.js decodes the state's schema definitions on every join and builds new classes from
 * them, so that no two rooms share a class: every join pays for it, and the patch decoder meets
 * a different shape in each room. Every room of one server sends the same definitions: decode
 * them once per process and give every room the same classes.
 */
const reflected = new Map<string, { root: new () => Schema; context: TypeContext }>();
class SharedSchemaSerializer extends SchemaSerializer {
  override handshake(bytes: Buffer, it?: Iterator): void {
    const start = it?.offset ?? 0;
    const key = Buffer.from(
      bytes.buffer,
      bytes.byteOffset + start,
      bytes.byteLength - start,
    ).toString("latin1");
    const known = reflected.get(key);
    if (known) {
      this.state = new known.root();
      this.decoder = new Decoder(this.state, known.context);
      return;
    }
    this.decoder = Reflection.decode(bytes, it);
    this.state = this.decoder.state;
    reflected.set(key, {
      root: this.state.constructor as new () => Schema,
      context: this.decoder.context,
    });
  }
}
registerSerializer("schema", SharedSchemaSerializer);

// colyseus.js prints a line for every failed join and closed connection; they are counted
// (and sampled) in the report instead.
const warn = console.warn.bind(console);
console.warn = (...args: unknown[]) => {
  const first = String(args[0]);
  if (/^(colyseus\.js - onError|Room connection was closed unexpectedly|Room, onError)/.test(first))
    return;
  warn(...args);
};

// colyseus.js hands every frame of a room to this (protected) method: count spectators' patches.
type Receiving = { onMessageCallback(this: Room, event: MessageEvent): void };
const proto = Room.prototype as unknown as Receiving;
const original = proto.onMessageCallback;
proto.onMessageCallback = function (this: Room, event: MessageEvent) {
  if (generator && counted.has(this)) {
    const data = event.data as ArrayBuffer;
    if (new Uint8Array(data, 0, 1)[0] === ROOM_STATE_PATCH) generator.countFrame(data.byteLength);
  }
  return original.call(this, event);
};

const send = (m: FromGenerator) => process.send?.(m);

process.on("message", (m: ToGenerator) => {
  if (m.type === "config") {
    generator = new Generator(m.config);
    void generator.setUp().then((ready) => send({ type: "ready", ...ready }));
  } else if (m.type === "go") {
    generator?.go();
    const timer = setInterval(() => generator && send(generator.progress()), 5000);
    timer.unref();
  } else if (m.type === "stop") {
    const g = generator;
    if (!g) return;
    void g.stop().then((report) => {
      send({ type: "report", report });
      g.leaveAll();
      // Let the leave frames and the report go out before the process ends.
      setTimeout(() => process.exit(0), 500);
    });
  }
});
// The runner is gone: nothing left to report to.
process.on("disconnect", () => process.exit(0));
