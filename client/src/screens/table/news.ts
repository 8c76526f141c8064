/**
 * What a person hears when a move arrives: the move read out (for screen readers), a move or
 * capture sound, and a word when a king or general is in check. (The turn's own cues, such as
 * the your-turn chime, are model/cues.ts's.)
 */
import type { TableView } from "../../../../shared/protocol/views";
import { t } from "../../i18n";
import type { GameMirror } from "../../model/mirror";
import { entryText } from "../../parts/moves";
import { seatColorName } from "../../parts/seats";
import { announce } from "../../ui/announce";
import { play } from "../../ui/audio";

/** Tells of the latest entry of the move list, which just arrived. */
export function tellMove(s: TableView, game: GameMirror): void {
  const entry = game.entries.at(-1);
  if (!entry) return;
  const text = entryText(entry);
  announce(t("table.moved", { name: seatColorName(s, entry.seat), move: text }));
  // The server says whether the move took a piece: no notation needs to show it.
  play(entry.captured ? "capture" : "move");
  if (game.checks().length > 0) announce(t("table.check"));
}
