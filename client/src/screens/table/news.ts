/**
 * What a person hears when moves arrive: each move read out once, whole (for screen readers:
 * parts/moveNews.ts), and a move or capture sound. A move the reader made themselves is not
 * read back to them; moves arriving in a heap (a reconnection catching up) are not read at all.
 * (The turn's own cues, such as the your-turn chime, are model/cues.ts's.)
 */
import type { TableView } from "../../../../shared/protocol/views";
import type { Me } from "../../model/facts";
import type { GameMirror } from "../../model/mirror";
import { moveSentence, seatNews } from "../../parts/moveNews";
import { entryText } from "../../parts/moves";
import { announce } from "../../ui/announce";
import { play } from "../../ui/audio";

/** More new entries than this at once are a catching up, not moves to read out one by one. */
export const LIVE_MOVES = 3;

/**
 * Tells of the entries of the move list from `first` on, which just arrived. True when what was
 * said ends with the reader's turn (the your-turn cue need not say it again).
 */
export function tellMoves(
  s: TableView,
  game: GameMirror,
  me: Me,
  first: number,
  /** Takebacks so far: a move taken back and made again is told again. */
  rewrites = 0,
): boolean {
  const entries = game.entries;
  const last = entries.at(-1);
  if (!last || first >= entries.length) return false;
  // The server says whether the move took a piece: no notation needs to show it.
  play(last.captured ? "capture" : "move");
  if (entries.length - first > LIVE_MOVES) return false;
  const hotSeat = s.mode === "hotseat";
  const mine = hotSeat ? [] : me.seats;
  let yourTurn = false;
  for (let i = first; i < entries.length; i++) {
    const entry = entries[i]!;
    const latest = i === entries.length - 1;
    const next = latest ? (s.phase === "playing" ? s.turn : null) : (entries[i + 1]?.seat ?? null);
    // The reader's own move, made just now: they know it.
    if (mine.includes(entry.seat) && entry.by === "player") continue;
    const before = game.frames[i];
    const after = game.frames[i + 1];
    const piece = entry.move
      ? (before?.pieces.find((p) => p.square === entry.move!.from)?.kind ?? null)
      : null;
    const text = moveSentence({
      game: s.game,
      seats: s.seats,
      seat: entry.seat,
      move: entry.move,
      by: entry.by,
      text: entryText(entry),
      piece,
      captured: after?.captured ?? null,
      // Checks are known for the position now, after the latest entry.
      checks: latest ? game.checks() : [],
      next,
      mine,
    });
    announce(text, { key: `move|${s.gameNumber}|${rewrites}|${i}|${entry.notation}` });
    yourTurn = next !== null && mine.includes(next);
  }
  return yourTurn;
}

/** Tells who sat down, dropped, came back or was replaced by a CPU since the last state. */
export function tellSeats(was: TableView, s: TableView, me: Me): void {
  if (was.gameNumber !== s.gameNumber && s.phase !== "waiting") return;
  for (const text of seatNews(Array.from(was.seats), Array.from(s.seats), me.seats)) announce(text);
}
