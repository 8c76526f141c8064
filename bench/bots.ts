/**
 * npm run bench:bots — CPU strength: seeded matches of each level against the next lower one in
 * every game and format, and xiangqi Master against Fairy-Stockfish at limited strength.
 * Match lengths are set by each part's environment variables (see bench/bots-*.ts).
 */
import { benchFourchessBots } from "./bots-fourchess";
import { benchXiangqiBots } from "./bots-xiangqi";

console.log(`node ${process.version}, ${process.platform}/${process.arch}`);
await benchFourchessBots();
await benchXiangqiBots();
