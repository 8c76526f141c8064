/**
 * The one function that writes a match into the room's schema state. It changes only what
 * differs, so each patch carries just the move: a piece's square, the new move-list entry, the
 * turn and deadline.
 */
import { ArraySchema } from "@colyseus/schema";
import { gameDefinition } from "../shared/games/registry";
import type { Match } from "../shared/match/match";
import { numberPieces } from "../shared/match/pieces";
import {
  MoveState,
  NoticeState,
  OfferState,
  PieceState,
  ResultState,
  SeatState,
  type TableState,
} from "./state";

export interface RoomFacts {
  readonly host: string;
  readonly spectators: number;
  readonly private: boolean;
  readonly mode: string;
}

const MAX_UINT32 = 2 ** 32 - 1;

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

export function syncState(state: TableState, m: Match, facts: RoomFacts): void {
  const def = gameDefinition(m.game);
  const table = m.table;
  state.game = m.game;
  state.mode = facts.mode;
  state.phase = m.phase;
  state.host = facts.host;
  state.private = facts.private;
  state.spectators = facts.spectators;
  state.gameNumber = m.gameNumber;
  state.fen = table?.fen() ?? "";
  state.turn = table && m.phase === "playing" ? table.turn : -1;
  state.turnDeadline = m.deadline ?? 0;
  state.turnStarted = table && m.phase === "playing" ? m.turnStarted : 0;

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
  });

  m.seats.forEach((s, i) => {
    let seat = state.seats[i];
    if (!seat) {
      seat = new SeatState();
      seat.color = def.colors[i] ?? "";
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
    seat.score = table?.scores?.[i] ?? 0;
    seat.out = table?.out[i] ?? "";
    seat.used = Math.min(MAX_UINT32, Math.round(m.used[i] ?? 0));
  });

  syncPieces(state, m);
  syncMoves(state, m);
  state.legalMoves = replaced(
    state.legalMoves,
    table && m.phase === "playing"
      ? table
          .legalMoves()
          .map((mv) => `${mv.from}-${mv.to}${mv.promotion ? `=${mv.promotion}` : ""}`)
      : [],
  );
  state.checks = replaced(state.checks, table && m.phase === "playing" ? table.checks() : []);

  if (m.offer) {
    const o = state.offer ?? new OfferState();
    o.kind = m.offer.kind;
    o.seat = m.offer.seat;
    o.plies = m.offer.plies;
    o.needed = replaced(o.needed, m.offer.needed);
    o.agreed = replaced(o.agreed, m.offer.agreed);
    if (!state.offer) state.offer = o;
  } else if (state.offer) state.offer = undefined;

  const outcome = table?.outcome;
  if (outcome && m.phase === "finished") {
    if (!state.result || state.result.message !== outcome.message) {
      const res = new ResultState();
      res.reason = outcome.reason;
      res.draw = outcome.draw;
      res.winners.push(...outcome.winners);
      res.placing.push(...outcome.placing);
      res.message = outcome.message;
      state.result = res;
    }
  } else if (state.result) state.result = undefined;

  const notices = m.notices.map((n) => `${n.code}|${n.seat ?? -1}|${n.message}`);
  const current = state.notices.map((n) => `${n.code}|${n.seat}|${n.message}`);
  if (notices.join("\n") !== current.join("\n")) {
    state.notices = new ArraySchema<NoticeState>(
      ...m.notices.map((n) => {
        const ns = new NoticeState();
        ns.code = n.code;
        ns.message = n.message;
        ns.seat = n.seat ?? -1;
        return ns;
      }),
    );
  }
}

/** The pieces to show: the game's, or before the first start the position it will start from. */
function piecesToShow(m: Match): readonly PieceLike[] {
  if (m.table) return m.pieces;
  const preview = gameDefinition(m.game).start({
    format: m.rules.format,
    moveLimit: m.rules.moveLimit,
    handicap: m.rules.handicap,
    firstSeat: m.firstSeat,
  });
  return numberPieces(preview.pieces());
}

interface PieceLike {
  readonly id: number;
  readonly square: string;
  readonly kind: string;
  readonly color: number;
}

function syncPieces(state: TableState, m: Match): void {
  const keep = new Set<string>();
  for (const p of piecesToShow(m)) {
    const key = String(p.id);
    keep.add(key);
    const existing = state.pieces.get(key);
    if (existing) {
      if (existing.square !== p.square) existing.square = p.square;
      if (existing.kind !== p.kind) existing.kind = p.kind;
      if (existing.color !== p.color) existing.color = p.color;
    } else {
      const ps = new PieceState();
      ps.id = p.id;
      ps.square = p.square;
      ps.kind = p.kind;
      ps.color = p.color;
      state.pieces.set(key, ps);
    }
  }
  for (const key of [...state.pieces.keys()]) if (!keep.has(key)) state.pieces.delete(key);
}

function syncMoves(state: TableState, m: Match): void {
  const log = m.log;
  // Keep the common prefix (a takeback or a new game shortens the list).
  let same = 0;
  while (same < log.length && same < state.moves.length) {
    const a = log[same]!;
    const b = state.moves[same]!;
    if (
      a.notation !== b.notation ||
      a.seat !== b.seat ||
      a.by !== b.by ||
      (a.move?.from ?? "") !== b.from
    )
      break;
    same++;
  }
  const entry = (e: Match["log"][number]) => {
    const ms = new MoveState();
    ms.seat = e.seat;
    ms.from = e.move?.from ?? "";
    ms.to = e.move?.to ?? "";
    ms.promotion = e.move?.promotion ?? "";
    ms.notation = e.notation;
    ms.by = e.by;
    return ms;
  };
  // A takeback or a new game shortens the list: send it anew rather than splice (see `replaced`).
  if (state.moves.length > same) state.moves = new ArraySchema<MoveState>(...log.map(entry));
  else for (let i = same; i < log.length; i++) state.moves.push(entry(log[i]!));
}
