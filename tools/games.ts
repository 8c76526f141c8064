import type { GameCli } from "./args";
import { fourchessCli } from "./fourchess-cli";
import { xiangqiCli } from "./xiangqi-cli";

/** Every game the tools know, by its `--game` name. */
export const GAMES: Readonly<Record<string, GameCli>> = {
  fourchess: fourchessCli,
  xiangqi: xiangqiCli,
};
