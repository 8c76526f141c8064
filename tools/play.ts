/**
 * npm run -s play -- --game fourchess --mode teams|ffa [--fen4 F] --moves "..."
 * npm run -s play -- --game xiangqi [--fen F] --moves "..."
 * Prints one JSON object describing the game after the moves; an illegal move exits with
 * status 2 and its reason on stderr.
 */
import { parseArgs, stringArg, UsageError } from "./args";
import { GAMES } from "./games";

function main(): number {
  try {
    const args = parseArgs(process.argv.slice(2));
    const game = GAMES[stringArg(args, "game") ?? "fourchess"];
    if (!game) throw new UsageError(`--game must be one of: ${Object.keys(GAMES).join(", ")}`);
    const result = game.play(args);
    if (!result.ok) {
      process.stderr.write(`${result.reason}\n`);
      return 2;
    }
    process.stdout.write(`${JSON.stringify(result.json, null, 2)}\n`);
    return 0;
  } catch (e) {
    process.stderr.write(`play: ${e instanceof Error ? e.message : String(e)}\n`);
    return 2;
  }
}

process.exitCode = main();
