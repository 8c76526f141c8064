/** npm run bench:rules — rules engine speed for both games, figures printed side by side. */
import { benchFourchess } from "./fourchess";

console.log(`node ${process.version}, ${process.platform}/${process.arch}`);
benchFourchess();
