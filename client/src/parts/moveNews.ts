/**
 * A move as a screen reader is told it, in one sentence of the reader's language: who moved
 * (colour and name; a CPU, or a CPU playing for someone, named so), the piece, its squares,
 * what it took and whose, a promotion, castling, a check and whose, and who moves next:
 * "Blue (CPU): knight g14 to f12, takes Red's pawn, check to Red. Red to move."
 */
import type { MoveBy } from "../../../shared/match/state";
import type { SeatView } from "../../../shared/protocol/views";
import { lang, pieceName, t, tOr } from "../i18n";

type NamedSeat = Pick<SeatView, "color" | "kind" | "name">;

/** What a move's sentence is made of. */
export interface ToldMove {
  readonly game: string;
  readonly seats: readonly NamedSeat[];
  readonly seat: number;
  /** null: a resignation or a flag (`text` says which). */
  readonly move: { readonly from: string; readonly to: string; readonly promotion?: string } | null;
  readonly by: MoveBy;
  /** The move's notation (castling shows there), or the word for a resignation or a flag. */
  readonly text: string;
  /** The kind of the piece moved, if known. */
  readonly piece: string | null;
  /** The piece taken, and whose it was. */
  readonly captured: { readonly kind: string; readonly seat: number } | null;
  /** Seats in check after the move. */
  readonly checks: readonly number[];
  /** The seat to move next; null when the game is over. */
  readonly next: number | null;
  /** The reader's own seats: their turn is told as theirs (not on a device both sides share). */
  readonly mine: readonly number[];
}

const colorOf = (seats: readonly NamedSeat[], seat: number): string => {
  const color = seats[seat]?.color ?? "";
  return color ? tOr(`color.${color}`, color) : "";
};

/** "Blue (Ana)", "Blue (CPU)", "Blue (CPU for Ana)". */
export function moverName(seats: readonly NamedSeat[], seat: number, by: MoveBy): string {
  const color = colorOf(seats, seat);
  const x = seats[seat];
  const who =
    x?.kind === "cpu" || by === "cpu"
      ? t("seat.cpu")
      : by === "stand-in"
        ? t("news.standInFor", { name: x?.name || color })
        : (x?.name ?? "");
  return who ? `${color} (${who})` : color;
}

const piece = (game: string, kind: string) => pieceName(game, kind).toLocaleLowerCase(lang());

/** The names of seats as a list in the reader's language: "Red and Yellow". */
function listOf(names: readonly string[]): string {
  try {
    return new Intl.ListFormat(lang(), { type: "conjunction" }).format(names);
  } catch {
    return names.join(", ");
  }
}

export function moveSentence(m: ToldMove): string {
  const who = moverName(m.seats, m.seat, m.by);
  const parts: string[] = [];
  if (!m.move) parts.push(t("news.entry", { who, text: m.text }));
  else {
    const squares = { who, from: m.move.from, to: m.move.to };
    const castle = /^O-O-O/.test(m.text) ? "long" : /^O-O/.test(m.text) ? "short" : null;
    if (castle) parts.push(t(castle === "long" ? "news.castleLong" : "news.castleShort", squares));
    else parts.push(t("news.move", { ...squares, piece: piece(m.game, m.piece ?? "P") }));
    if (m.captured) {
      const color = colorOf(m.seats, m.captured.seat);
      const taken = piece(m.game, m.captured.kind);
      parts.push(
        color ? t("news.takes", { color, piece: taken }) : t("news.takesPiece", { piece: taken }),
      );
    }
    if (m.move.promotion)
      parts.push(t("news.promotes", { piece: piece(m.game, m.move.promotion) }));
  }
  const checked = m.checks.map((seat) => colorOf(m.seats, seat)).filter((c) => c !== "");
  if (checked.length > 0) parts.push(t("news.check", { names: listOf(checked) }));
  const said = t("news.sentence", { text: parts.join(", ") });
  if (m.next === null) return said;
  const next = m.mine.includes(m.next)
    ? t("news.yourMove")
    : t("news.next", { name: colorOf(m.seats, m.next) });
  return `${said} ${next}`;
}

type WatchedSeat = Pick<SeatView, "color" | "kind" | "name" | "connected" | "standIn">;

/**
 * What changed at the seats between two states, in words: a person sat down, dropped, came
 * back, a CPU began playing for them, or they left and a CPU took the seat. The reader's own
 * seats are left out (the banner tells them of their own connection).
 */
export function seatNews(
  before: readonly WatchedSeat[],
  after: readonly WatchedSeat[],
  mine: readonly number[],
): string[] {
  const out: string[] = [];
  after.forEach((x, seat) => {
    const was = before[seat];
    if (!was || mine.includes(seat)) return;
    const color = colorOf(after, seat);
    const who = x.name ? `${color} (${x.name})` : color;
    const wasWho = was.name ? `${color} (${was.name})` : color;
    // A name erased at the person's request (the server keeps "") is no one new sitting down.
    const renamed = was.name !== x.name && x.name !== "";
    if (x.kind === "human" && (was.kind !== "human" || renamed)) out.push(t("news.sat", { who }));
    else if (was.kind === "human" && x.kind === "cpu")
      out.push(t("news.replaced", { who: wasWho }));
    else if (x.kind === "human") {
      if (x.standIn && !was.standIn) out.push(t("news.standIn", { who }));
      else if (!x.connected && was.connected) out.push(t("news.away", { who }));
      else if (x.connected && !was.connected) out.push(t("news.back", { who }));
    }
  });
  return out;
}
