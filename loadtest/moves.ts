/**
 * A generator's moves: every state a connection receives is checked against the table's game
 * (followed once per process, one new entry at a time, by whichever connection sees it first),
 * answers the mover's pending move, and lets the player to move think, then send a random
 * legal move worked out with the shared engine.
 */
import { performance } from "node:perf_hooks";
import { advance } from "../shared/match/replay";
import type { TableView } from "../shared/protocol/views";
import { entryFromView, replayView, squareNumber } from "../shared/protocol/wire";
import {
  type Conn,
  type GeneratorRun,
  keyOf,
  moveOf,
  PHASE_RANK,
  playing,
  type Table,
} from "./generatorState";

/** The state is further on than the followed game: a later game, more entries, or a later phase. */
function isAhead(t: Table, s: TableView): boolean {
  const n = s.moves.length;
  const g = s.gameNumber;
  return (
    g > t.game ||
    (g === t.game &&
      (n > t.keys.length || (n === t.keys.length && PHASE_RANK[s.phase] > PHASE_RANK[t.phase])))
  );
}

/** Every state a connection receives: the table's game, this connection's view of it. */
export function observe(run: GeneratorRun, c: Conn, s: TableView): void {
  if (!s.moves) return;
  const t = c.table;
  const f = run.figures;
  const now = performance.now();
  const n = s.moves.length;
  const g = s.gameNumber;
  if (isAhead(t, s)) follow(run, t, s, now);
  const patch = c.hadState;
  c.hadState = true;
  if (g !== c.game) {
    // A connection that followed the previous game by patches must have seen all of it.
    if (patch && c.game === t.previousGame && c.seen < t.previousLength)
      f.unseen(t.id, c.name, t.previousLength - c.seen, t.previousLength, ` of game ${c.game}`);
    c.game = g;
    c.seen = 0;
  }
  if (g === t.game) {
    if (n < c.seen) f.error("check/moves-shrank", `${t.id}: ${c.seen} → ${n} moves`);
    for (let i = c.seen; i < n; i++) {
      if (keyOf(s.moves[i]!) !== t.keys[i]) {
        f.error("check/moves-differ", `${t.id}: ${c.name} sees another move ${i + 1}`);
        break;
      }
    }
  }
  if (c.role === "spectator" && patch && n > c.seen && playing(run))
    f.spectator.moves += n - c.seen;
  c.seen = n;
  answer(run, c, s, now);
  decide(run, c, s);
}

/** The mover's pending move, answered by the state that holds it (or overtaken). */
function answer(run: GeneratorRun, c: Conn, s: TableView, now: number): void {
  const p = c.pending;
  if (!p) return;
  const f = run.figures;
  const t = c.table;
  if (s.gameNumber !== p.game) {
    c.pending = null;
    f.error("check/move-overtaken", `${t.id}: the game changed under a move`);
  } else if (s.moves.length > p.ply) {
    c.pending = null;
    const m = moveOf(s.moves[p.ply]!);
    if (m.seat === p.seat && m.from === p.from && m.to === p.to && !m.by) {
      f.rtt.add(now - p.sentAt);
      f.moves.acked++;
    } else f.error("check/move-overtaken", `${t.id}: another entry at ply ${p.ply + 1}`);
  }
}

/** Plays the followed game on to a state that is ahead of it. */
function follow(run: GeneratorRun, t: Table, s: TableView, now: number): void {
  const f = run.figures;
  const n = s.moves.length;
  let added = 0;
  if (s.gameNumber !== t.game || s.startFen !== t.startFen || !t.followed) {
    const r = replayView(s);
    if (!r.ok) {
      f.error("check/replay", `${t.id}: ${r.error.message}`);
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
    for (let i = 0; i < n; i++) f.countPlayed(moveOf(s.moves[i]!));
  } else {
    for (let i = t.keys.length; i < n; i++) {
      const m = s.moves[i]!;
      const r = advance(t.followed, entryFromView(s.game, m));
      if (!r.ok) {
        f.error("check/replay", `${t.id}: entry ${i + 1}: ${r.error.message}`);
        return;
      }
      t.followed = r.value;
      t.keys.push(keyOf(m));
      added++;
      f.countPlayed(moveOf(m));
    }
  }
  t.phase = s.phase;
  t.report.moves += added;
  t.lastProgress = now;
}

/** The connection's player is to move in a state caught up with the table's game. */
function toMove(c: Conn, s: TableView): boolean {
  const t = c.table;
  return (
    s.phase === "playing" &&
    s.gameNumber === t.game &&
    s.moves.length === t.keys.length &&
    s.seats[s.turn]?.player === c.player
  );
}

/** A player whose turn it is (in its own view, caught up with the table) thinks, then moves. */
export function decide(run: GeneratorRun, c: Conn, s: TableView): void {
  if (!playing(run) || c.role !== "player" || !c.online || !c.player) return;
  if (c.pending || c.think || !toMove(c, s)) return;
  const [min, max] = run.b.thinkMs;
  c.think = setTimeout(() => play(run, c), min + run.random() * (max - min));
}

function play(run: GeneratorRun, c: Conn): void {
  c.think = null;
  const room = c.room;
  const t = c.table;
  if (!room || !c.online || run.stopping || c.pending || !t.followed) return;
  const s = room.state;
  if (!toMove(c, s)) return;
  const legal = t.followed.game.legalMoves();
  const move = legal[Math.floor(run.random() * legal.length)];
  if (!move) return;
  c.pending = {
    game: s.gameNumber,
    ply: s.moves.length,
    seat: s.turn,
    from: squareNumber(s.game, move.from),
    to: squareNumber(s.game, move.to),
    sentAt: performance.now(),
  };
  run.figures.moves.sent++;
  room.send("move", move);
}
