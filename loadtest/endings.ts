/**
 * The end of a game at a table: another game (every seated player agrees to it after a think), or
 * the table closes once every connection has seen the whole game (and a new one of its kind
 * may open at the slot).
 */
import { performance } from "node:perf_hooks";
import type { GeneratorRun, Table } from "./generatorState";
import type { TableSpec } from "./plan";

/** After a result: the next game at the same table, or the table closes (and a new one opens). */
export function finished(run: GeneratorRun, t: Table): void {
  t.finishedHandled = t.game;
  if (t.decidedGame !== t.game) {
    t.decidedGame = t.game;
    t.report.gamesFinished++;
    run.figures.games.finished++;
    if (run.random() >= run.b.again) {
      // Closed once every connection has seen the end (checked each sweep).
      t.closeAt = performance.now();
      return;
    }
    run.figures.games.again++;
  }
  // Every person seated agrees to the next game, each after a think of their own; someone
  // away agrees once back (the next sweep asks again).
  const here = (c: (typeof t.conns)[number]) =>
    c.online && c.player && c.room?.state.seats.some((s) => s.player === c.player);
  const players = t.conns.filter((c) => c.role === "player" && c.agreedAfter !== t.game);
  if (players.some((c) => !here(c))) t.finishedHandled = -1;
  const [min, max] = run.b.thinkMs;
  for (const person of players.filter(here)) {
    person.agreedAfter = t.game;
    setTimeout(
      () => {
        if (run.stopping || t.closing) return;
        if (person.online && person.room) person.room.send("playAgain");
        else {
          person.agreedAfter = -1;
          t.finishedHandled = -1;
        }
      },
      min + run.random() * (max - min),
    );
  }
}

/**
 * A table to close goes once every connection shows the whole last game; one that still
 * does not after `lostAfterMs` never saw those moves. `open` opens its replacement.
 */
export function closeWhenSeen(
  run: GeneratorRun,
  t: Table,
  now: number,
  open: (spec: TableSpec) => Promise<void>,
): void {
  const behind = t.conns.filter((c) => c.online && !c.upToDate);
  if (behind.length > 0 && now - t.closeAt < run.b.lostAfterMs) return;
  for (const c of behind) run.figures.unseen(t.id, c.name, c.missing, t.keys.length);
  close(run, t);
  run.figures.games.closed++;
  if (run.b.replace) void open(t.spec);
}

/** Leaves the table on purpose, every connection of it. */
export function close(run: GeneratorRun, t: Table): void {
  t.closing = true;
  run.tables.delete(t);
  for (const c of t.conns) {
    c.stopThinking();
    c.pending = null;
    const room = c.room;
    c.room = null;
    c.online = false;
    // Not awaited: a room the server already closed never answers a leave.
    if (room) void room.leave(true);
  }
}
