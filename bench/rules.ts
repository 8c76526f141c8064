/** npm run bench:rules — rules engine speed for both games, figures printed side by side. */
import { benchFourchess } from "./fourchess";
import { benchXiangqi } from "./xiangqi";

console.log(`node ${process.version}, ${process.platform}/${process.arch}`);
benchFourchess();
await benchXiangqi();
