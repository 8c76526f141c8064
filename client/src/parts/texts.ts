/**
 * The server's coded texts at a table, in the reader's language: why a game ended, who won as
 * the reader sees it ("You won", or "Red (Ana) wins" for someone watching), and the notices.
 * Seats are named by colour and player, as everywhere at the table.
 */
import type { GameId } from "../../../shared/games/catalog";
import { sharesPlace } from "../../../shared/games/fourchess/standings";
import type { NoticeView, ResultView, SeatView } from "../../../shared/protocol/views";
import { noticeText, type ParamsIn, resultText, type TextContext, t, tOr } from "../i18n";

/** What a result's words need of a table: its game and who sat where. */
export interface SeatedGame {
  readonly game: GameId;
  /** Four-player chess: `teams` or `individual` (a Teams result names the winning team). */
  readonly format?: string;
  /** A table's rules carry the format where `format` is not given. */
  readonly rules?: { readonly format?: string };
  readonly seats: readonly Pick<SeatView, "color" | "kind" | "name">[];
}

/** A result as the table, the archive or an older record gives it (code and params optional). */
export type ResultLike = Omit<ResultView, "code" | "params"> & {
  readonly code?: string;
  readonly params?: ParamsIn;
};

/** "Red (Ana)", "Black (CPU)". */
export function seatLabel(s: SeatedGame, seat: number): string {
  const x = s.seats[seat];
  if (!x) return "";
  const color = tOr(`color.${x.color}`, x.color);
  const who = x.kind === "cpu" ? t("seat.cpu") : x.name;
  return who ? `${color} (${who})` : color;
}

/** How seats are named in a table's texts. */
export function tableContext(s: SeatedGame): TextContext {
  return { game: s.game, seat: (seat) => seatLabel(s, seat) || String(seat) };
}

/** The game ended before everyone moved: nobody won and it is not archived. */
export const aborted = (r: ResultLike): boolean => r.code === "aborted";

/** A four-player Teams game. */
export const isTeams = (s: SeatedGame): boolean =>
  s.game === "fourchess" && (s.format ?? s.rules?.format) === "teams";

/** A Teams game won by a team: "Team Blue + Green wins", by the colours of its seats. */
export function teamTitle(s: SeatedGame, r: ResultLike): string | null {
  const winners = Array.from(r.winners);
  if (!isTeams(s) || r.draw || winners.length !== 2) return null;
  const [a, b] = winners.map((seat) => {
    const color = s.seats[seat]?.color ?? "";
    return tOr(`color.${color}`, color);
  });
  return t("result.teamWins", { a: a ?? "", b: b ?? "" });
}

/**
 * "Red (Ana) wins", "Red (Ana), Yellow (CPU) win", "Team Blue + Green wins", "Draw", "No
 * winner" (everyone gave up or left) or "Game aborted".
 */
export function resultTitle(s: SeatedGame, r: ResultLike): string {
  if (aborted(r)) return t("result.aborted");
  if (r.draw) return t("result.draw");
  const team = teamTitle(s, r);
  if (team) return team;
  const winners = Array.from(r.winners).map((seat) => seatLabel(s, seat));
  return winners.length === 0
    ? t("result.nobody")
    : winners.length > 1
      ? t("result.win", { names: winners.join(", ") })
      : t("result.wins", { names: winners[0] ?? "" });
}

/**
 * The headline for someone holding `mine`: "You won", "You lost", "Draw", or in a game of more
 * than two places, "You finished 2 of 4". Someone watching, or holding both a winner and a
 * loser (two players on one device), reads who won.
 */
export function resultHeadline(s: SeatedGame, r: ResultLike, mine: readonly number[]): string {
  if (aborted(r)) return t("result.aborted");
  const winners = Array.from(r.winners);
  const won = mine.some((seat) => winners.includes(seat));
  const lost = mine.some((seat) => !winners.includes(seat));
  if (mine.length === 0 || (won && lost)) return resultTitle(s, r);
  if (r.draw && winners.length === 0) return t("result.draw");
  if (winners.length === 0) return t("result.nobody");
  if (won) return t("result.youWon");
  const placing = Array.from(r.placing);
  const places = new Set(placing).size;
  if (places > 2) {
    const place = Math.min(...mine.map((seat) => placing[seat] ?? placing.length));
    const seat = mine.find((x) => placing[x] === place) ?? -1;
    const key = sharesPlace(placing, seat) ? "result.yourPlaceShared" : "result.yourPlace";
    return t(key, { place, n: placing.length });
  }
  return t("result.youLost");
}

/** Why the game ended, in one line: "Double-cannon mate.", "Red (Ana) resigned." */
export function resultReason(s: SeatedGame, r: ResultLike): string {
  return resultText(r, tableContext(s));
}

/** A notice; the reader's own ("Your time ran out…") when it concerns one of `mine`. */
export function noticeLine(s: SeatedGame, n: NoticeView, mine: readonly number[]): string {
  return noticeText(n, tableContext(s), n.seat >= 0 && mine.includes(n.seat));
}
