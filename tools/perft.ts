/**
 * npm run -s perft -- --game fourchess --mode teams|ffa [--fen4 F] [--moves "h2-h4 b7-c7"] --depth N [--divide]
 * npm run -s perft -- --game xiangqi [--fen F] [--moves "h2e2 h9g7"] --depth N [--divide]
 * Prints the node count as its last line; --divide first prints `move: count` per root move.
 */
import { parseArgs, stringArg, UsageError } from "./args";
import { GAMES } from "./games";

function main(): number {
  try {
    const args = parseArgs(process.argv.slice(2));
    const game = GAMES[stringArg(args, "game") ?? "fourchess"];
    if (!game) throw new UsageError(`--game must be one of: ${Object.keys(GAMES).join(", ")}`);
    const depth = Number(stringArg(args, "depth") ?? "1");
    if (!Number.isInteger(depth) || depth < 0 || depth > 12)
      throw new UsageError("--depth must be a whole number from 0 to 12");
    const result = game.perft(args, depth);
    const lines = args.divide ? result.divide.map(([m, n]) => `${m}: ${n}`) : [];
    lines.push(String(result.total));
    process.stdout.write(`${lines.join("\n")}\n`);
    return 0;
  } catch (e) {
    process.stderr.write(`perft: ${e instanceof Error ? e.message : String(e)}\n`);
    return 2;
  }
}

process.exitCode = main();
