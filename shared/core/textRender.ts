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
 * It imports nothing, so any layer may use it. The templates and the English names are in
 * texts.ts; this module is only the filling, which a client's lobby needs without them.
 */

/** Values as they travel: a square, a token, a seat or count (a number, or its digits). */
export type TextParams = Readonly<Record<string, string | number>>;

/** Names the values of params for one reader. */
export interface Names {
  seat(seat: number): string;
  piece(token: string): string;
  mate(kind: string): string;
}

/** Params holding a seat number. */
export const SEAT_PARAMS: ReadonlySet<string> = new Set([
  "seat",
  "loser",
  "winner",
  "partner",
  "owner",
  "turn",
]);

/** Fills `{name}` placeholders with the params, named by `names`; an unknown one stays. */
export function renderText(template: string, params: TextParams = {}, names?: Names): string {
  return template.replace(/\{(\w+)\}/g, (all, k: string) => {
    if (!Object.hasOwn(params, k)) return all;
    const v = params[k]!;
    if (!names) return String(v);
    if (SEAT_PARAMS.has(k) && /^-?\d+$/.test(String(v))) return names.seat(Number(v));
    if (k === "piece") return names.piece(String(v));
    if (k === "mate") return names.mate(String(v));
    return String(v);
  });
}

/** The seats' colours by game, in English. */
export const ENGLISH_SEATS: Readonly<Record<string, readonly string[]>> = {
  xiangqi: ["Red", "Black"],
  fourchess: ["Red", "Blue", "Yellow", "Green"],
};
