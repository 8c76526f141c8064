/**
 * A seeded fuzz of live tables through real WebSockets. An honest player plays legal moves at a
 * four-player chess table against the computer and at a xiangqi hot-seat table, while attackers
 * join both as spectators (or with guessed seat tokens) and send a few thousand hostile
 * messages: real and bogus message types, payloads of every shape, some paced under the rate
 * limit so that they reach the handlers, some flooding past it. Throughout and afterwards:
 * the server stays up and answers, the honest games go on, every position in the state is the
 * replay of its move list through the shared rules, and only the honest player and the CPUs
 * ever moved.
 */
import { setMaxListeners } from "node:events";
import { matchMaker } from "@colyseus/core";
import { Client } from "colyseus.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readConfig } from "../../server/config";
import type { Game } from "../../shared/games/types";
import { advance, setupOf, startGame } from "../../shared/match/replay";
import type { TableView } from "../../shared/protocol/views";
import { entryFromView, pieceFromView, unpackMove } from "../../shared/protocol/wire";
import {
  hello,
  legalOf,
  startTestServer,
  type TableRoom,
  type TestServer,
  waitFor,
} from "../server/harness";
import {
  CORPUS,
  CORPUS_LAST,
  describeMessage,
  type FuzzMessage,
  flush,
  int,
  type MessageKind,
  pause,
  type Random,
  randomMessage,
  randomString,
  seeded,
  sendMessage,
} from "./fuzzkit";

const SEED = 20_240_611;
/** How long the attackers keep sending. */
const FUZZ_MS = 4000;
/** Attackers per table: pacers stay under the rate limit, flooders do not. */
const PACERS = 4;
const FLOODERS = 2;
/** Fresh connections the attackers may open after being disconnected, per table. */
const REJOINS = 40;
/** The honest player's pace (under the server's 10 messages a second) and number of moves. */
const HONEST_GAP_MS = 120;
const HONEST_MOVES = 30;

let t: TestServer;
const uncaught: unknown[] = [];
const onUncaught = (e: unknown) => uncaught.push(e);
/**
 * What @colyseus/schema's decoder logs when a patch does not fit the state a client holds
 * ("refId" not found, field not defined, definition mismatch): from then on that client's
 * state is wrong. It logs and carries on, so the console is the only place to see it.
 */
const decodeErrors: string[] = [];
const consoleError = console.error;
const consoleWarn = console.warn;
function watchConsole(original: (...args: unknown[]) => void) {
  return (...args: unknown[]) => {
    const text = args.map((a) => (typeof a === "string" ? a : "")).join(" ");
    if (/@colyseus\/schema|"refId" not found/.test(text) && decodeErrors.length < 10)
      decodeErrors.push(text.slice(0, 200));
    original(...args);
  };
}
/** Every connection the test opened, left at the end whatever happens. */
const opened = new Set<TableRoom>();

beforeAll(async () => {
  // A handler that throws while reading a socket kills a production server; record it here.
  process.on("uncaughtException", onUncaught);
  process.on("unhandledRejection", onUncaught);
  console.error = watchConsole(consoleError);
  console.warn = watchConsole(consoleWarn);
  // As behind a reverse proxy: each client is told apart by the address the proxy forwards, so
  // attackers, honest players and newcomers each have their own, as they would in the wild (a
  // flooder's address is cut off for a while: the others must not be).
  const proxied = readConfig({ TRUST_PROXY: "loopback" }, { clientDir: "/nonexistent" });
  t = await startTestServer({
    maxSpectators: 64,
    trustProxy: proxied.trustProxy,
    maxConnectionsPerAddress: proxied.maxConnectionsPerAddress,
  });
});

afterAll(async () => {
  const leaving = [...opened].map((room) =>
    room.connection.isOpen ? room.leave(true).catch(() => undefined) : undefined,
  );
  // A connection the server stopped reading never sees its leave answered: bounded wait.
  await Promise.race([Promise.allSettled(leaving), new Promise((r) => setTimeout(r, 500))]);
  await t?.close();
  console.error = consoleError;
  console.warn = consoleWarn;
  process.off("uncaughtException", onUncaught);
  process.off("unhandledRejection", onUncaught);
});

/** A client whose requests come, as far as the server can tell, from `address`. */
function clientAt(address: string): Client {
  return new Client(t.url, { headers: { "X-Forwarded-For": address } });
}

function track(room: TableRoom): TableRoom {
  opened.add(room);
  return room;
}

// ---------------------------------------------------------------------------------------------
// The table as the shared rules see it

const moveText = (m: { from: string; to: string; promotion?: string | undefined }) =>
  `${m.from}-${m.to}${m.promotion ? `=${m.promotion}` : ""}`;

/** Replays the state's move list through the shared rules; problems are described, not thrown. */
function replay(s: TableView, problems: string[]): Game | null {
  const started = startGame(s.game, setupOf(s.rules, 0, s.startFen));
  if (!started.ok) {
    problems.push(`the starting position does not load: ${started.error.message}`);
    return null;
  }
  let r = started.value;
  for (let i = 0; i < s.moves.length; i++) {
    const m = unpackMove(s.moves[i]!);
    const entry = entryFromView(s.game, m);
    const text = entry.move ? moveText(entry.move) : "resigns";
    if (entry.move && m.seat !== r.game.turn)
      problems.push(
        `move ${i} ${text} is listed for seat ${m.seat}, seat ${r.game.turn} was to move`,
      );
    const next = advance(r, entry);
    if (!next.ok) {
      problems.push(`move ${i} ${text} by seat ${m.seat} does not replay: ${next.error.message}`);
      return null;
    }
    r = next.value;
    const took = entry.move ? Boolean(r.game.moves.at(-1)?.captured) : false;
    if (took !== Boolean(m.captured))
      problems.push(
        `move ${i} ${text} is listed captured=${Boolean(m.captured)}, the rules say ${took}`,
      );
  }
  return r.game;
}

/** The legal moves of a state, worked out once per position (attackers ask for every message). */
const legalSeen = new Map<string, string[]>();
function legalNow(s: TableView | undefined): string[] {
  if (!s?.startFen || s.phase !== "playing") return [];
  const key = `${s.game}|${s.gameNumber}|${s.startFen}|${s.moves.length}`;
  let legal = legalSeen.get(key);
  if (!legal) {
    if (legalSeen.size > 64) legalSeen.clear();
    legal = legalOf(s);
    legalSeen.set(key, legal);
  }
  return legal;
}

const pieceKeys = (pieces: Iterable<{ square: string; kind: string; seat: number }>) =>
  [...pieces].map((p) => `${p.square}:${p.kind}:${p.seat}`).sort();

/**
 * Everything that must hold of a table only the honest player and the CPUs play at: the
 * position is the replay of the move list, each move was made by whoever held the seat, and
 * the seats are held as they were when the game began. Returns what is wrong.
 */
function inconsistencies(s: TableView, honest: HonestPlayer, attackers: Set<string>): string[] {
  const problems: string[] = [];
  // What the client decoded must be what the room holds (nothing moves on the honest turn).
  const server = matchMaker.getLocalRoomById(honest.room.roomId)?.state as TableView | undefined;
  const facts = (x: TableView | undefined) =>
    x && JSON.stringify([x.phase, x.gameNumber, x.turn, x.moves.length, x.startFen]);
  if (facts(s) !== facts(server))
    problems.push(`the client holds ${facts(s)}, the room ${facts(server)}`);
  const game = replay(s, problems);
  if (game) {
    const shown = pieceKeys([...s.pieces].map(([key, p]) => pieceFromView(s.game, key, p)));
    const replayed = pieceKeys(game.pieces());
    if (shown.join() !== replayed.join())
      problems.push(`pieces ${shown.join(" ")} but the replay gives ${replayed.join(" ")}`);
    if ((s.phase === "finished") !== (game.outcome !== null))
      problems.push(`phase ${s.phase} but the replay's outcome is ${JSON.stringify(game.outcome)}`);
    if (s.phase === "playing") {
      if (s.turn !== game.turn) problems.push(`turn ${s.turn} but the replay's is ${game.turn}`);
    }
  }
  for (let i = 0; i < s.moves.length; i++) {
    const m = entryFromView(s.game, s.moves[i]!);
    const mine = honest.seats.includes(m.seat);
    if (m.by === "player" ? !mine : m.by === "cpu" ? mine : m.by !== "stand-in")
      problems.push(`move ${i} at seat ${m.seat} was made by "${m.by}"`);
  }
  s.seats.forEach((seat, i) => {
    const ok = honest.seats.includes(i)
      ? seat.kind === "human" && seat.player === honest.player
      : seat.kind === "cpu" && seat.player === "";
    if (!ok) problems.push(`seat ${i} is ${seat.kind} "${seat.player}" (${seat.name})`);
    if (attackers.has(seat.player)) problems.push(`an attacker holds seat ${i}`);
  });
  if (s.host !== honest.player) problems.push(`the host is "${s.host}", not the honest player`);
  return problems;
}

// ---------------------------------------------------------------------------------------------
// The honest player

interface HonestPlayer {
  readonly label: string;
  readonly room: TableRoom;
  readonly player: string;
  readonly seats: readonly number[];
  /** Moves sent, and of them the ones in games already over (and replayed from). */
  moves: number;
  movesInPastGames: number;
  gamesOver: number;
  readonly errors: unknown[];
  closeCode: number | null;
  /** Inconsistencies seen whenever it was the honest player's turn, or a game ended. */
  readonly problems: string[];
  checks: number;
  /**
   * Resolves once the honest player has made all its moves and the CPUs answered the last one
   * (settled), or after `timeoutMs` with the state as it is then; it plays no more after that.
   */
  finish(timeoutMs: number): Promise<{ state: TableView; settled: boolean }>;
  /** Stops playing at once. */
  stop(): void;
}

const honestMovesIn = (s: TableView, seats: readonly number[]) =>
  s.moves.map(unpackMove).filter((m) => !m.by && seats.includes(m.seat)).length;

async function playHonestly(
  label: string,
  room: TableRoom,
  r: Random,
  attackers: Set<string>,
): Promise<HonestPlayer> {
  const errors: unknown[] = [];
  room.onMessage("error", (e: unknown) => errors.push(e));
  room.onMessage("hint", () => undefined);
  const who = await hello(room);
  const h: HonestPlayer = {
    label,
    room,
    player: who.player,
    seats: who.seats.map((x) => x.seat),
    moves: 0,
    movesInPastGames: 0,
    gamesOver: 0,
    errors,
    closeCode: null,
    problems: [],
    checks: 0,
    finish: async (timeoutMs) => {
      const done = await waitFor(
        room,
        (s) => h.moves >= HONEST_MOVES && settled(s),
        timeoutMs,
      ).then(
        (state) => ({ state, settled: true }),
        () => ({ state: room.state, settled: false }),
      );
      h.stop();
      return done;
    },
    stop: () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      room.onStateChange.remove(onState);
    },
  };
  room.onLeave((code) => {
    h.closeCode = code;
  });
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let lastSent = 0;
  /** The position the last move was sent in, and the game last asked to be played again. */
  let sentIn = "";
  let againFor = 0;
  const positionKey = (s: TableView) => `${s.gameNumber}:${s.moves.length}`;
  const myTurn = (s: TableView) =>
    s.phase === "playing" && h.seats.includes(s.turn) && positionKey(s) !== sentIn;
  const settled = (s: TableView) =>
    (myTurn(s) && s.gameNumber !== againFor) ||
    (s.phase === "finished" && s.gameNumber !== againFor);
  const check = (s: TableView) => {
    h.checks++;
    for (const p of inconsistencies(s, h, attackers))
      if (h.problems.length < 20)
        h.problems.push(`game ${s.gameNumber} ply ${s.moves.length}: ${p}`);
  };

  const act = () => {
    timer = null;
    const s = room.state;
    if (stopped || h.moves >= HONEST_MOVES) return;
    if (s.phase === "finished" && s.gameNumber !== againFor) {
      check(s);
      h.gamesOver++;
      h.movesInPastGames += honestMovesIn(s, h.seats);
      againFor = s.gameNumber;
      room.send("playAgain");
    } else if (myTurn(s)) {
      // Nobody else can change the table on the honest player's turn: a stable moment to check.
      check(s);
      const legal = legalOf(s);
      const text = legal[int(r, legal.length)];
      if (!text) return;
      const [from, rest = ""] = text.split("-") as [string, string];
      const [to, promotion] = rest.split("=") as [string, string | undefined];
      sentIn = positionKey(s);
      h.moves++;
      room.send("move", promotion ? { from, to, promotion } : { from, to });
    } else return;
    lastSent = Date.now();
  };
  const onState = (s: TableView) => {
    if (stopped || timer || h.moves >= HONEST_MOVES) return;
    if (myTurn(s) || (s.phase === "finished" && s.gameNumber !== againFor))
      timer = setTimeout(act, Math.max(0, lastSent + HONEST_GAP_MS - Date.now()));
  };
  room.onStateChange(onState);
  onState(room.state);
  return h;
}

// ---------------------------------------------------------------------------------------------
// The attackers

interface Target {
  readonly label: string;
  readonly roomId: string;
}

interface Tally {
  sent: number;
  readonly byKind: Partial<Record<MessageKind, number>>;
  unsendable: number;
  /** Answers that show a message went past the rate limit into a handler. */
  handled: number;
  rateLimited: number;
  readonly codes: Map<string, number>;
  /** Seat tokens or player welcomes an attacker received: must stay 0. */
  readonly seatsGiven: string[];
  joins: number;
  joinFailures: number;
  rejoinsLeft: number;
  readonly closeCodes: Map<number, number>;
  /** Connections whose last messages the server never answered (it stopped reading them). */
  silent: string[];
  /** Player ids the server gave attackers (shared by all tallies). */
  readonly ids: Set<string>;
}

const newTally = (ids: Set<string>): Tally => ({
  sent: 0,
  byKind: {},
  unsendable: 0,
  handled: 0,
  rateLimited: 0,
  codes: new Map(),
  seatsGiven: [],
  joins: 0,
  joinFailures: 0,
  rejoinsLeft: REJOINS,
  closeCodes: new Map(),
  silent: [],
  ids,
});

const bump = <K>(m: Map<K, number>, k: K) => m.set(k, (m.get(k) ?? 0) + 1);

/** How an attacker asks to join: mostly as a spectator, sometimes guessing a seat token. */
function joinOptions(r: Random): Record<string, unknown> {
  const name = randomString(r, 40);
  const roll = r();
  if (roll < 0.6) return { spectate: true, name };
  if (roll < 0.75) {
    const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-";
    const token = Array.from({ length: 22 }, () => alphabet[int(r, 64)]).join("");
    return { seatToken: token, name };
  }
  if (roll < 0.85) return { seat: "any", name };
  if (roll < 0.95) return { seat: int(r, 4), name };
  return {};
}

class Attacker {
  room: TableRoom | null = null;
  /** Connections opened so far. */
  private generation = 0;
  /** Messages sent on the current connection and answers to them, for reports. */
  private sentHere: string[] = [];
  private answersHere = 0;
  private readonly queue: FuzzMessage[];

  constructor(
    readonly name: string,
    /** A client for the attacker's `generation`-th connection (a fresh address each). */
    private readonly client: (generation: number) => Client,
    private readonly target: Target,
    private readonly r: Random,
    private readonly tally: Tally,
    corpus: readonly FuzzMessage[],
    private readonly last?: FuzzMessage,
  ) {
    this.queue = [...corpus];
  }

  /** Joins (again) if not connected; false when out of rejoins or the join was refused. */
  async connect(): Promise<boolean> {
    if (this.room?.connection.isOpen) return true;
    if (this.generation > 0 && this.tally.rejoinsLeft-- <= 0) return false;
    this.tally.joins++;
    let room: TableRoom;
    try {
      room = track(
        (await this.client(this.generation++).joinById(
          this.target.roomId,
          joinOptions(this.r),
        )) as TableRoom,
      );
    } catch {
      this.tally.joinFailures++;
      return false;
    }
    this.sentHere = [];
    this.answersHere = 0;
    room.onMessage("*", (type: string | number, msg: unknown) => this.answer(type, msg));
    room.onError(() => undefined);
    room.onLeave((code) => {
      if (code !== 4000) bump(this.tally.closeCodes, code);
      if (this.room === room) this.room = null;
    });
    this.room = room;
    return true;
  }

  private answer(type: string | number, msg: unknown): void {
    const m = (msg ?? {}) as { code?: string; player?: string; role?: string };
    if (type === "error" || type === "welcome") this.answersHere++;
    if (type === "error" && m.code === "rate/limited") {
      this.tally.rateLimited++;
      return;
    }
    this.tally.handled++;
    if (type === "error") bump(this.tally.codes, m.code ?? "?");
    else bump(this.tally.codes, String(type));
    if (type === "welcome" && m.player) this.tally.ids.add(m.player);
    if (type === "seat" || (type === "welcome" && m.role !== "spectator"))
      this.tally.seatsGiven.push(`${this.name}: ${String(type)} ${JSON.stringify(msg)}`);
  }

  /** Sends `n` messages back to back; stops early if the connection closes. */
  send(n: number): void {
    for (let i = 0; i < n; i++) {
      const room = this.room;
      if (!room?.connection.isOpen) return;
      const m = this.queue.shift() ?? randomMessage(this.r, { legalMoves: legalNow(room.state) });
      if (!sendMessage(room, m)) this.tally.unsendable++;
      this.tally.sent++;
      this.tally.byKind[m.kind] = (this.tally.byKind[m.kind] ?? 0) + 1;
      this.sentHere.push(describeMessage(m));
    }
  }

  /** Waits until the server answered everything sent; records the connection if it never does. */
  async settle(): Promise<void> {
    const room = this.room;
    if (!room?.connection.isOpen) return;
    if (await flush(room, 1000)) return;
    // Each message gets one answer (unless refused silently for its rate): the first one
    // without an answer is probably the one that stopped the server reading.
    const suspect = this.sentHere[this.answersHere] ?? "?";
    this.tally.silent.push(
      `${this.name}: ${this.answersHere} of ${this.sentHere.length} answered; first unanswered: ${suspect}`,
    );
  }

  /** Under the limit: a burst the bucket absorbs, then about 8 messages a second. */
  async pace(until: number, signal: AbortSignal): Promise<void> {
    if (!(await this.connect())) return;
    this.send(20);
    while (Date.now() < until && !signal.aborted) {
      await pause(125, signal);
      if (!(await this.connect())) return;
      this.send(1);
    }
    if (this.last && this.room?.connection.isOpen) {
      this.queue.unshift(this.last);
      this.send(1);
    }
  }

  /** Over the limit: bursts of 40 to 160 messages a few times a second, rejoining when dropped. */
  async flood(until: number, signal: AbortSignal): Promise<void> {
    while (Date.now() < until && !signal.aborted) {
      if (!(await this.connect())) return;
      this.send(40 + int(this.r, 121));
      await pause(300 + int(this.r, 300), signal);
    }
  }
}

// ---------------------------------------------------------------------------------------------

describe("a live table under a seeded fuzz of hostile messages", () => {
  it("stays up, the honest games go on, and the state is the replay of honest and CPU moves", async () => {
    const started = Date.now();
    const stop = new AbortController();
    setMaxListeners(64, stop.signal); // every attacker's pacing timer listens to it
    const attackerIds = new Set<string>();
    const honest: HonestPlayer[] = [];
    try {
      // The honest tables: four-player chess against three CPUs, and a xiangqi hot seat.
      const four = track(
        (await clientAt("10.0.0.1").create("table", {
          game: "fourchess",
          format: "teams",
          mode: "computer",
          name: "Honest",
          seat: 0,
        })) as TableRoom,
      );
      const xq = track(
        (await clientAt("10.0.0.2").create("table", {
          game: "xiangqi",
          mode: "hotseat",
          name: "Honest",
        })) as TableRoom,
      );
      await waitFor(four, (s) => s.phase === "playing");
      await waitFor(xq, (s) => s.phase === "playing");
      honest.push(await playHonestly("fourchess", four, seeded(SEED), attackerIds));
      honest.push(await playHonestly("xiangqi", xq, seeded(SEED + 1), attackerIds));
      expect(honest[0]!.seats).toEqual([0]);
      expect(honest[1]!.seats).toEqual([0, 1]);

      // The attackers, each with its own seeded stream; the pacers of each table open with the
      // hand-picked corpus between them, and each ends with one of its last entries.
      const targets: Target[] = [
        { label: "fourchess", roomId: four.roomId },
        { label: "xiangqi", roomId: xq.roomId },
      ];
      const tallies = new Map(targets.map((x) => [x.label, newTally(attackerIds)]));
      const until = Date.now() + FUZZ_MS;
      const attacks: Promise<void>[] = [];
      const attackers: Attacker[] = [];
      targets.forEach((target, ti) => {
        const tally = tallies.get(target.label)!;
        for (let i = 0; i < PACERS + FLOODERS; i++) {
          const a = new Attacker(
            `${target.label}#${i}`,
            (generation) => clientAt(`10.${ti + 1}.${i}.${generation}`),
            target,
            seeded(SEED + 1000 * (ti + 1) + i),
            tally,
            i < PACERS ? CORPUS.filter((_, k) => k % PACERS === i) : [],
            i < PACERS ? CORPUS_LAST[i] : undefined,
          );
          attackers.push(a);
          attacks.push(i < PACERS ? a.pace(until, stop.signal) : a.flood(until, stop.signal));
        }
      });

      // Halfway through, a newcomer is let in and answered.
      await pause(FUZZ_MS / 2, stop.signal);
      const midway = track(
        (await clientAt("10.0.1.1").joinById(four.roomId, {
          spectate: true,
          name: "Newcomer",
        })) as TableRoom,
      );
      expect((await hello(midway)).role).toBe("spectator");
      await midway.leave();

      await Promise.all(attacks);
      await Promise.all(attackers.map((a) => a.settle()));
      const finals = await Promise.all(honest.map((h) => h.finish(3000)));

      // Afterwards the server still takes new tables and answers hello with welcome.
      const fresh = track(
        (await clientAt("10.0.1.2").create("table", {
          game: "xiangqi",
          name: "Later",
          seat: 0,
        })) as TableRoom,
      );
      expect((await hello(fresh)).role).toBe("player");
      const watcher = track(
        (await clientAt("10.0.1.3").joinById(four.roomId, {
          spectate: true,
          name: "Later",
        })) as TableRoom,
      );
      expect((await hello(watcher)).role).toBe("spectator");

      const total = (f: (x: Tally) => number) =>
        [...tallies.values()].reduce((n, x) => n + f(x), 0);
      const summary = {
        seconds: (Date.now() - started) / 1000,
        sent: total((x) => x.sent),
        handled: total((x) => x.handled),
        tables: [...tallies].map(([label, x]) => ({
          label,
          sent: x.sent,
          handled: x.handled,
          rateLimited: x.rateLimited,
          joins: x.joins,
          joinFailures: x.joinFailures,
          closeCodes: Object.fromEntries(x.closeCodes),
          silent: x.silent.length,
          byKind: x.byKind,
          codes: Object.fromEntries([...x.codes].sort((a, b) => b[1] - a[1])),
        })),
        honest: honest.map((h, i) => ({
          label: h.label,
          moves: h.moves,
          gamesOver: h.gamesOver,
          plies: finals[i]!.state.moves.length,
          checks: h.checks,
        })),
      };
      console.log(`fuzz summary: ${JSON.stringify(summary)}`);

      // Every client decoded every patch.
      expect.soft(decodeErrors, "state patches clients could not decode").toEqual([]);
      // Nothing thrown out of a handler (in production: the process dies).
      expect
        .soft(uncaught.map((e) => (e instanceof Error ? (e.stack ?? e.message) : String(e))))
        .toEqual([]);
      for (const tally of tallies.values()) {
        // Every connection the server kept, it kept reading.
        expect.soft(tally.silent, "connections the server stopped answering").toEqual([]);
        expect.soft(tally.seatsGiven, "seats handed to attackers").toEqual([]);
        expect.soft(tally.unsendable).toBe(0);
      }
      expect.soft(summary.sent).toBeGreaterThan(2000);
      expect.soft(summary.handled).toBeGreaterThan(400);

      honest.forEach((h, i) => {
        const { state: s, settled } = finals[i]!;
        expect.soft(settled, `${h.label}: all honest moves made and answered`).toBe(true);
        expect.soft(h.closeCode, `${h.label}: the honest player was disconnected`).toBeNull();
        expect.soft(h.errors, `${h.label}: errors for the honest player's legal moves`).toEqual([]);
        // Every move sent was accepted: it is in the move list of its game.
        expect.soft(h.movesInPastGames + honestMovesIn(s, h.seats), h.label).toBe(h.moves);
        expect.soft(h.problems, `${h.label}: inconsistencies during play`).toEqual([]);
        expect.soft(inconsistencies(s, h, attackerIds), `${h.label}: final state`).toEqual([]);
      });
      expect(Date.now() - started).toBeLessThan(15_000);
    } finally {
      stop.abort();
      for (const h of honest) h.stop();
    }
  }, 30_000);
});
