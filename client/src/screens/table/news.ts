/**
 * What a person hears when a move arrives: the move read out (for screen readers), a move or
 * capture sound, the your-turn chime, and a word when a king or general is in check.
 */
import type { TableView } from "../../../../shared/protocol/views";
import { t } from "../../i18n";
import type { Me } from "../../model/facts";
import type { GameMirror } from "../../model/mirror";
import { seatColorName } from "../../parts/seats";
import { announce } from "../../ui/announce";
import { play } from "../../ui/audio";

/** Tells of the latest entry of the move list, which just arrived. */
export function tellMove(s: TableView, game: GameMirror, me: Me): void {
  const entry = game.entries.at(-1);
  if (!entry) return;
  const text = entry.move ? entry.notation : t("table.resignedEntry");
  announce(t("table.moved", { name: seatColorName(s, entry.seat), move: text }));
  // The server says whether the move took a piece: no notation needs to show it.
  play(entry.captured ? "capture" : "move");
  if (s.phase === "playing" && me.seats.includes(s.turn) && s.mode !== "hotseat") {
    play("turn");
    announce(t("table.yourTurn"));
  }
  if (game.checks().length > 0) announce(t("table.check"));
}
