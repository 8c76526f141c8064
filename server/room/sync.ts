/**
 * The one function that writes a match into the room's schema state. It changes only what
 * differs, so each patch carries just the move: a piece's square (and a removed piece), the
 * new move-list entry, the turn and the clock. Nothing a client can work out with the shared
 * rules (position, legal moves, checks, notation) is sent.
 */
import { ArraySchema } from "@colyseus/schema";
import { GAMES, type GameId } from "../../shared/games/catalog";
import type { TrackedPiece } from "../../shared/games/types";
import type { Match, MoveEntry } from "../../shared/match/match";
import { setupOf, startGame } from "../../shared/match/replay";
import { clockStart } from "../../shared/match/state";
import { kindNumber, MOVE_BY, packMove, packPiece, squareNumber } from "../../shared/protocol/wire";
import {
  ClockSchema,
  NoticeSchema,
  OfferSchema,
  ResultSchema,
  SeatSchema,
  type TableSchema,
} from "./state";

export interface RoomFacts {
  readonly host: string;
  readonly spectators: number;
  /** Names of the first spectators (WATCHERS_SHOWN at most). */
  readonly watchers: readonly string[];
  readonly private: boolean;
  readonly mode: TableSchema["mode"];
  /** Archive id of the current game ("" before the first start). */
  readonly gameId: string;
  /** The rating shown beside a seat's person (a keyed person's), or null. */
  readonly rating?: (player: string | null) => { rating: number; provisional: boolean } | null;
  /** Each seat's rating change in the last rated game, once known ([] before). */
  readonly deltas?: readonly number[];
}

const MAX_UINT32 = 2 ** 32 - 1;
const uint32 = (ms: number) => Math.min(MAX_UINT32, Math.max(0, Math.round(ms)));

/**
 * What each state was last synchronised from, by identity: the match's values are immutable,
 * so an unchanged piece list or notice list is the same array and is skipped. A move changes
 * one or two pieces, and the pieces that stayed are the same objects (shared/match/pieces.ts).
 */
interface Synced {
  pieces: readonly TrackedPiece[] | null;
  /** The piece last written under each id. */
  byId: Map<number, TrackedPiece>;
  notices: Match["notices"] | null;
  /** The log entry written last to the move list. */
  entry: MoveEntry | null;
}
const synced = new WeakMap<TableSchema, Synced>();

/** Square and kind numbers by name, per game: the same few names come back on every move. */
const numbers = new Map<string, number>();
function remembered(key: string, work: () => number): number {
  let n = numbers.get(key);
  if (n === undefined) {
    n = work();
    numbers.set(key, n);
  }
  return n;
}
const squareOf = (game: GameId, name: string) =>
  remembered(`${game}:${name}`, () => squareNumber(game, name));
const kindOf = (game: GameId, letter: string) =>
  remembered(`${game}#${letter}`, () => kindNumber(game, letter));

const same = <T>(a: ArraySchema<T>, b: readonly T[]) =>
  a.length === b.length && b.every((v, i) => a[i] === v);

/**
 * A new schema array when the values changed, else the current one. Replacing the collection
 * is the one change @colyseus/schema 3.0 always delivers intact; clearing, splicing and
 * pushing in one patch lost elements on clients in our tests.
 */
function replaced<T>(current: ArraySchema<T>, values: readonly T[]): ArraySchema<T> {
  return same(current, values) ? current : new ArraySchema<T>(...values);
}

export function syncState(state: TableSchema, m: Match, facts: RoomFacts): void {
  let last = synced.get(state);
  if (!last) {
    last = { pieces: null, byId: new Map(), notices: null, entry: null };
    synced.set(state, last);
  }
  const game = m.game;
  const playing = game !== null && m.phase === "playing";
  const shown = game ? { startFen: game.startFen, pieces: m.pieces } : preview(m);
  state.game = m.gameId;
  state.mode = facts.mode;
  state.phase = m.phase;
  state.host = facts.host;
  state.private = facts.private;
  state.spectators = facts.spectators;
  state.watchers = replaced(state.watchers, facts.watchers);
  state.autoStart = m.phase === "waiting" ? (m.autoStart ?? 0) : 0;
  state.gameNumber = m.gameNumber;
  state.gameId = facts.gameId;
  state.startFen = shown.startFen;
  state.turn = playing ? game.turn : -1;
  state.clockBase = m.startedAt;
  state.turnStarted = playing ? uint32(m.turnStarted - m.startedAt) : 0;
  state.turnDeadline = m.deadline === null ? 0 : uint32(m.deadline - m.startedAt);

  syncRules(state, m);
  syncSeats(state, m, facts);
  if (last.pieces !== shown.pieces) {
    syncPieces(state, m, shown.pieces, last.byId);
    last.pieces = shown.pieces;
  }
  syncMoves(state, m, last);
  syncOffer(state, m);
  syncResult(state, m);
  if (last.notices !== m.notices) {
    last.notices = m.notices;
    syncNotices(state, m);
  }
}

function syncRules(state: TableSchema, m: Match): void {
  const r = m.rules;
  Object.assign(state.rules, {
    format: r.format,
    moveLimit: r.moveLimit ?? 0,
    showLegalMoves: r.showLegalMoves,
    rotateFirst: r.rotateFirst,
    turnTimer: r.turnTimer,
    cpuLevel: r.cpuLevel,
    takebackConsent: r.takebackConsent,
    handicap: r.handicap,
    hints: r.hints,
    rated: r.rated,
  });
  const c = r.clock;
  const shown = state.rules.clock;
  if (!c) {
    if (shown) state.rules.clock = undefined;
  } else if (
    !shown ||
    shown.base !== c.base ||
    shown.increment !== c.increment ||
    shown.delay !== c.delay
  )
    state.rules.clock = Object.assign(new ClockSchema(), c);
}

function syncSeats(state: TableSchema, m: Match, facts: RoomFacts): void {
  const colors = GAMES[m.gameId].colors;
  const scores = m.game?.scores;
  const out = m.game?.out;
  m.seats.forEach((s, i) => {
    let seat = state.seats[i];
    if (!seat) {
      seat = new SeatSchema();
      seat.color = colors[i] ?? "";
      state.seats.push(seat);
    }
    seat.kind = s.kind;
    seat.name = s.name;
    seat.player = s.player ?? "";
    seat.connected = s.kind !== "human" || s.connected;
    seat.standIn =
      m.standIn?.seat === i ||
      (s.kind === "human" && s.awaySince !== null && m.phase === "playing");
    seat.level = s.level;
    seat.score = scores?.[i] ?? 0;
    seat.out = out?.[i] ?? "";
    seat.used = uint32(m.used[i] ?? 0);
    seat.clock = uint32(m.phase === "waiting" ? clockStart(m) : (m.clocks[i] ?? 0));
    const rated = s.kind === "human" ? (facts.rating?.(s.player) ?? null) : null;
    seat.rating = rated ? Math.max(0, Math.min(65_535, rated.rating)) : 0;
    seat.provisional = rated?.provisional ?? false;
    seat.delta = facts.deltas?.[i] ?? 0;
  });
}

function syncOffer(state: TableSchema, m: Match): void {
  if (m.offer) {
    const o = state.offer ?? new OfferSchema();
    o.kind = m.offer.kind;
    o.seat = m.offer.seat;
    o.plies = m.offer.plies;
    o.needed = replaced(o.needed, m.offer.needed);
    o.agreed = replaced(o.agreed, m.offer.agreed);
    if (!state.offer) state.offer = o;
  } else if (state.offer) state.offer = undefined;
}

function syncResult(state: TableSchema, m: Match): void {
  const outcome = m.game?.outcome;
  if (outcome && m.phase === "finished") {
    if (!state.result || state.result.message !== outcome.message) {
      const res = new ResultSchema();
      res.reason = outcome.reason;
      res.draw = outcome.draw;
      res.winners.push(...outcome.winners);
      res.placing.push(...outcome.placing);
      res.code = outcome.code;
      for (const [k, v] of Object.entries(outcome.params)) res.params.set(k, String(v));
      res.message = outcome.message;
      state.result = res;
    }
  } else if (state.result) state.result = undefined;
}

function syncNotices(state: TableSchema, m: Match): void {
  const notices = m.notices.map((n) => `${n.code}|${n.seat ?? -1}|${n.message}`);
  const current = state.notices.map((n) => `${n.code}|${n.seat}|${n.message}`);
  if (notices.join("\n") !== current.join("\n")) {
    state.notices = new ArraySchema<NoticeSchema>(
      ...m.notices.map((n) => {
        const ns = new NoticeSchema();
        ns.code = n.code;
        for (const [k, v] of Object.entries(n.params)) ns.params.set(k, String(v));
        ns.message = n.message;
        ns.seat = n.seat ?? -1;
        return ns;
      }),
    );
  }
}

interface Preview {
  readonly startFen: string;
  readonly pieces: readonly TrackedPiece[];
}
/** Start positions by game and setup: every waiting table of a kind shows the same one. */
const previews = new Map<string, Preview>();

/** Before the first start: the position the game will start from, so the board is not empty. */
function preview(m: Match): Preview {
  const setup = setupOf(m.rules, m.firstSeat);
  const key = `${m.gameId}|${setup.format}|${setup.moveLimit}|${setup.handicap}|${setup.firstSeat}`;
  const known = previews.get(key);
  if (known) return known;
  const r = startGame(m.gameId, setup, true);
  const shown = r.ok
    ? { startFen: r.value.game.startFen, pieces: r.value.pieces ?? [] }
    : { startFen: "", pieces: [] };
  previews.set(key, shown);
  return shown;
}

function syncPieces(
  state: TableSchema,
  m: Match,
  pieces: readonly TrackedPiece[],
  written: Map<number, TrackedPiece>,
): void {
  for (const p of pieces) {
    // The same object as last written: nothing about this piece changed.
    if (written.get(p.id) === p) continue;
    written.set(p.id, p);
    const key = String(p.id);
    const packed = packPiece({
      square: squareOf(m.gameId, p.square),
      kind: kindOf(m.gameId, p.kind),
      seat: p.seat,
    });
    if (state.pieces.get(key) !== packed) state.pieces.set(key, packed);
  }
  // Every piece is in the map now: as many entries as pieces means none to remove.
  if (state.pieces.size === pieces.length) return;
  const keep = new Set(pieces.map((p) => String(p.id)));
  for (const key of [...state.pieces.keys()])
    if (!keep.has(key)) {
      state.pieces.delete(key);
      written.delete(Number(key));
    }
}

/**
 * A move-list entry as the wire packs it (shared/protocol/wire.ts `packMove`, where a field at
 * 0 or false is the field left out). One object of one shape for every entry: no spread copies.
 */
function packEntry(m: Match, e: MoveEntry): number {
  const by = Math.max(0, MOVE_BY.indexOf(e.by));
  if (!e.move) return packMove({ seat: e.seat, resigned: true, timeout: e.timeout === true, by });
  return packMove({
    seat: e.seat,
    from: squareOf(m.gameId, e.move.from),
    to: squareOf(m.gameId, e.move.to),
    promotion: e.move.promotion ? kindOf(m.gameId, e.move.promotion) : 0,
    captured: e.captured === true,
    by,
  });
}

/**
 * Appends the new entries. Actions are synchronised one at a time, so a list that is not a
 * continuation (a takeback, a new game) shows up as a shorter list or a different last entry;
 * it is then sent anew rather than spliced (see `replaced`).
 */
function syncMoves(state: TableSchema, m: Match, synced: Synced): void {
  const log = m.log;
  const n = state.moves.length;
  // Entries are immutable and shared by the logs that continue one another: the entry written
  // last, still in its place, means the list goes on from there.
  const same = n > 0 && n <= log.length && log[n - 1] === synced.entry;
  if (same && n === log.length) return;
  const entry = (e: MoveEntry) => packEntry(m, e);
  const continues =
    n === 0 || same || (n <= log.length && entry(log[n - 1]!) === state.moves[n - 1]);
  if (!continues) state.moves = new ArraySchema<number>(...log.map(entry));
  else for (let i = n; i < log.length; i++) state.moves.push(entry(log[i]!));
  synced.entry = log.at(-1) ?? null;
}
