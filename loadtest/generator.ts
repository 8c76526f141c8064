/**
 * One load generator process, started by `loadtest/run.ts` over a child process channel. It
 * opens its share of the tables with colyseus.js (players in their seats, spectators), holds
 * the moves until the runner says go, then plays legal moves with think time, drops and brings
 * back connections at random, starts the next game or closes and replaces finished tables, and
 * on stop checks that every connection saw every move before it reports (loadtest/driver.ts).
 *
 * Kept lean so that it is not the limit being measured: every table's game is followed once
 * per process, one move-list entry at a time, whichever of its connections sees the entry
 * first; a connection only compares the entries it receives against that list; the state's
 * schema is decoded once per process (loadtest/schemaSerializer.ts); the only timers are a
 * think time when a move is due, a comeback after a drop, and one sweep a second for the whole
 * process (stuck turns, unanswered moves, drops).
 */
// First: colyseus.js connects with `ws` on every Node.js (wsClient.ts).
import "./wsClient";
import type { FromGenerator, ToGenerator } from "./channel";
import { Generator } from "./driver";
import { quietColyseus } from "./quietColyseus";
import { shareSchemas } from "./schemaSerializer";

shareSchemas();

quietColyseus();

const send = (m: FromGenerator) => process.send?.(m);

let generator: Generator | null = null;

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
