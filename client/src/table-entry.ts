/**
 * What a board page needs beyond the lobby: the board (Pixi), the table screen and the archive's
 * review screen (the rules).
 */
import "./table.css";
import "./ui/tableIcons";
import { BoardRenderer } from "./board/renderer";
import { installHooks, type Screens } from "./hooks";

export { ArchiveScreen } from "./screens/archive/archive";
export { TableScreen } from "./screens/table/table";

/** The one board of the page, with the hooks tools and tests read it through. */
export function createBoard(screens: Screens): BoardRenderer {
  const board = new BoardRenderer();
  installHooks(board, screens);
  return board;
}
