/**
 * How a coded text (a refusal, a result, a notice) becomes a sentence: one template per code,
 * `{name}` placeholders filled from the params by one rule for every reader. The server fills
 * the English catalogues here with English names; the client fills its own language's
 * templates with the same function and its own names, so both follow the same conventions:
 *
 * - a square (`{square}`) is a coordinate and shows as it is;
 * - a piece (`{piece}`) is a token `<game>.<letter>` (`xiangqi.H`, `fourchess.N`), named by
 *   the reader's catalogue (`piece.xiangqi.H`, else `piece.N`);
 * - a seat (`{seat}`, `{loser}`, `{winner}`, `{partner}`, `{owner}`, `{turn}`) is its number,
 *   named by the game's colour (or, on the client, the colour and the player);
 * - a mate (`{mate}`) is a kind (`double-cannon`), named by `mate.<kind>`;
 * - a count (`{n}`) is a number; a reader's catalogue may give plural forms of a template
 *   (`<key>.one`, `<key>.other`, picked by `Intl.PluralRules`). English templates here name a
 *   count only where it is always more than one.
 *
 * The filling itself is textRender.ts. It imports nothing else, so any layer may use it.
 */

import { ENGLISH_SEATS, type Names, renderText, type TextParams } from "./textRender";

export { ENGLISH_SEATS, type Names, renderText, SEAT_PARAMS, type TextParams } from "./textRender";

/** Pieces by token, in English, as they read inside a sentence. */
export const ENGLISH_PIECES: Readonly<Record<string, string>> = {
  "xiangqi.K": "general",
  "xiangqi.A": "advisor",
  "xiangqi.E": "elephant",
  "xiangqi.H": "horse",
  "xiangqi.R": "chariot",
  "xiangqi.C": "cannon",
  "xiangqi.P": "soldier",
  "fourchess.K": "king",
  "fourchess.Q": "queen",
  "fourchess.R": "rook",
  "fourchess.B": "bishop",
  "fourchess.N": "knight",
  "fourchess.P": "pawn",
};

/** The named mates of xiangqi (RULES.md §2.4), in English, as they start a sentence. */
export const ENGLISH_MATES = {
  "double-check": "Double check mate",
  "double-cannon": "Double-cannon mate",
  "horse-cannon": "Horse-cannon mate",
  chariot: "Checkmate by chariot",
  horse: "Checkmate by horse",
  cannon: "Checkmate by cannon",
  soldier: "Checkmate by soldier",
} as const;

export type MateKind = keyof typeof ENGLISH_MATES;

/** English names for a game's texts. */
export function englishNames(game: string): Names {
  const seats = ENGLISH_SEATS[game] ?? [];
  return {
    seat: (s) => seats[s] ?? String(s),
    piece: (token) => ENGLISH_PIECES[token] ?? token,
    mate: (kind) => (ENGLISH_MATES as Record<string, string>)[kind] ?? kind,
  };
}

/**
 * Why a game ended, one line per code (the outcome's `code`; its params name the seats).
 * `timeout` is a seat losing on time.
 */
export const RESULTS = {
  mate: "{mate}.",
  checkmate: "{loser} is checkmated.",
  "king-captured": "{winner} captured {loser}'s king.",
  stalemate: "{loser} has no legal move and is not in check: stalemate.",
  "no-move": "{loser} has no legal move and, in xiangqi, loses.",
  resignation: "{loser} resigned.",
  timeout: "{loser} ran out of time.",
  "perpetual-check": "{loser} checked perpetually and loses.",
  "ply-limit": "{n} plies have been played.",
  agreement: "The players agreed a draw.",
  threefold: "The same position occurred three times.",
  "fifty-moves": "Fifty moves each without a capture or a pawn move.",
  "move-limit": "The move limit of {n} was reached.",
  "three-out": "Three players are out.",
  "points-lead": "{winner} leads the last opponent by {n} points or more.",
  abandoned: "{loser} left the game.",
  "everyone-left": "Everyone left the table.",
  aborted: "The game was aborted: it ended before everyone had moved.",
} as const;

export type ResultCode = keyof typeof RESULTS;

/**
 * Who won, after the reason in an outcome's English `message` ("Red resigned. Black wins.").
 * A client writes its own headline from `winners` and `draw`, so these are English only.
 */
export const STANDINGS = {
  wins: "{winner} wins.",
  "team-wins": "{winner} and {partner} win.",
  drawn: "The game is drawn.",
  points: "{winner} wins on points.",
  "points-shared": "{n} players share first place on points.",
  "points-drawn": "Drawn: 10 points to each player still in.",
  nobody: "Nobody wins: every player gave up or left.",
} as const;

export type StandingCode = keyof typeof STANDINGS;

/** Things the players are told during a game, by code. */
export const NOTICES = {
  "perpetual-check/warning": "One more perpetual check and {seat} loses.",
  "draw-offer/repetition": "The position has occurred {n} times: a draw may be offered.",
  "draw-offer/no-capture": "{n} moves each without a capture: a draw may be offered.",
  "timer/ran-out": "{seat}'s time ran out; the CPU moved for them.",
} as const;

export type NoticeCode = keyof typeof NOTICES;

/**
 * An outcome's text as it travels: its code and params, and the English sentence (the reason,
 * then who won) for outside clients.
 */
export function outcomeText(
  game: string,
  code: ResultCode,
  params: TextParams,
  standings: readonly [StandingCode, TextParams?][],
): { code: ResultCode; params: TextParams; message: string } {
  const names = englishNames(game);
  const message = [
    renderText(RESULTS[code], params, names),
    ...standings.map(([s, p]) => renderText(STANDINGS[s], p ?? {}, names)),
  ].join(" ");
  return { code, params, message };
}

/** A notice's English sentence. */
export function noticeMessage(game: string, code: NoticeCode, params: TextParams = {}): string {
  return renderText(NOTICES[code], params, englishNames(game));
}
