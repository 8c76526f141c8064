/**
 * npm run loadtest -- --tables N --spectators S --minutes M …
 *
 * Plays real games against the real server and reports whether it kept up: it starts
 * `server/main.ts` as a child process (or targets `--url`), splits the tables over several
 * generator processes (`loadtest/generator.ts`) so that the load generator is not the limit,
 * lets them play for the given time, then checks every move and prints the figures (and writes
 * them as JSON). The exit code is non-zero on any lost move, stuck turn or unexpected error.
 * `--ramp` repeats the run with more tables each step (×1.5) until the move round trip's p99
 * reaches 100 ms or anything goes wrong, and reports the largest size that held.
 * See loadtest/README.md for every option and what each figure means.
 */
// First: colyseus.js connects with `ws` on every Node.js (wsClient.ts).
import "./wsClient";
import { writeFileSync } from "node:fs";
import { undoOnSignals } from "./interrupt";
import { parseOptions } from "./options";
import { runOnce } from "./phases";
import { ramp } from "./ramp";
import { shortTable } from "./shortTable";

const o = parseOptions();
undoOnSignals();

const say = (line: string) => {
  if (!o.quiet) process.stderr.write(`${line}\n`);
};

function output(json: unknown): void {
  const text = `${JSON.stringify(json, null, 2)}\n`;
  if (o.json === "-") process.stdout.write(text);
  else if (o.json) writeFileSync(o.json, text);
}

/** The short table goes to stdout, or to stderr when stdout carries the JSON. */
const print = (text: string) =>
  o.json === "-" ? process.stderr.write(`${text}\n`) : console.log(text);

let exitCode = 0;
if (!o.ramp) {
  const r = await runOnce(o, o.tables, 1, say);
  print(shortTable(r));
  output(r);
  exitCode = r.ok ? 0 : 1;
} else {
  const { summary, held } = await ramp(o, o.ramp, print, say);
  output(summary);
  exitCode = held ? 0 : 1;
}
// Pipes are written asynchronously: let the output reach them before exiting.
process.stdout.write("", () => process.exit(exitCode));
