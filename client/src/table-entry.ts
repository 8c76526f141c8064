/** What a table needs beyond the lobby: the board (Pixi) and the table screen (the rules). */
import { BoardHost } from "./board/host";
import { installHooks } from "./hooks";
import type { TableScreen } from "./screens/table";

export { TableScreen } from "./screens/table";

/** The one board of the page, with the hooks tools and tests read it through. */
export function createBoard(table: () => TableScreen | null): BoardHost {
  const board = new BoardHost();
  installHooks(board, table);
  return board;
}
