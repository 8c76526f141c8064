/**
 * A client's side of a game worked out from the state alone (docs/protocol.md): on its turn,
 * replay the start position and move list with the shared engine and send a legal move.
 */
import type { Room } from "colyseus.js";
import type { TableView } from "../../shared/protocol/views";
import { replayView } from "../../shared/protocol/wire";

/**
 * Plays `moves` moves as seat 0 (a capture when there is one, else the first legal move).
 * Resolves with the state once the last move is shown, or, with `untilReplied`, once the
 * others have answered it and it is seat 0's turn again; or when the game ends.
 */
export function playFromState(
  room: Room<TableView>,
  moves: number,
  untilReplied = false,
): Promise<TableView> {
  return new Promise((resolve, reject) => {
    let sent = 0;
    let sentAt = -1;
    room.onMessage("error", (e: { code: string; message: string }) =>
      reject(new Error(`${e.code}: ${e.message}`)),
    );
    room.onStateChange((s) => {
      if (s.phase === "finished" || sent >= moves) {
        const done = untilReplied
          ? s.turn === 0 || s.phase === "finished"
          : s.moves.length > sentAt;
        if (done) resolve(s);
        return;
      }
      if (s.phase !== "playing" || s.turn !== 0 || s.moves.length === sentAt) return;
      const replayed = replayView(s);
      if (!replayed.ok) return reject(new Error(replayed.error.message));
      const legal = replayed.value.game.legalMoves();
      const pieces = new Set(replayed.value.game.pieces().map((p) => p.square));
      const move = legal.find((m) => pieces.has(m.to)) ?? legal[0]!;
      sentAt = s.moves.length;
      sent++;
      room.send("move", move);
    });
  });
}
