/**
 * PGN4 export of a game: tag pairs (Variant, StartFen4, house rules, result) and movetext in
 * long algebraic notation, four moves to a numbered round separated by `..`, with `R` on the
 * turn where a player resigned and `T` where one lost on time; a move may be followed by a
 * comment (`{cpu}`).
 */
import { COLOR_NAMES } from "./board";
import { MODERN_START } from "./fen4";
import type { FourChess } from "./game";

export interface Pgn4Tags {
  /** Player names by seat. */
  readonly players?: readonly string[];
  readonly site?: string;
  readonly date?: string;
  /** Further house rules to record, e.g. `{ TurnTimer: "30" }`. */
  readonly extra?: Readonly<Record<string, string>>;
  /** A comment to follow each of the game's moves (by index), e.g. `{cpu}`; "" for none. */
  readonly marks?: readonly string[];
}

const quote = (v: string) => `"${v.replace(/\\/g, "\\\\").replace(/"/g, '\\"')}"`;

export function writePgn4(game: FourChess, tags: Pgn4Tags = {}): string {
  const o = game.options;
  const pairs: [string, string][] = [["Variant", o.format === "teams" ? "Teams" : "FFA"]];
  pairs.push(["RuleVariants", "EnPassant"]);
  pairs.push(["StartFen4", game.startFen === MODERN_START ? "4PC" : game.startFen]);
  if (tags.site) pairs.push(["Site", tags.site]);
  if (tags.date) pairs.push(["Date", tags.date]);
  for (const [seat, name] of (tags.players ?? []).entries()) pairs.push([COLOR_NAMES[seat]!, name]);
  pairs.push(["MoveLimit", o.moveLimit ? String(o.moveLimit) : "none"]);
  for (const [k, v] of Object.entries(tags.extra ?? {})) pairs.push([k, v]);
  const outcome = game.outcome;
  if (outcome) {
    pairs.push(["Result", resultText(game)]);
    pairs.push(["Termination", outcome.message]);
  }

  const tokens: { seat: number; text: string }[] = [];
  const resigns = [...game.resignations];
  game.moves.forEach((m, i) => {
    while (resigns[0] && resigns[0].ply === i) {
      const r = resigns.shift()!;
      tokens.push({ seat: r.seat, text: r.timeout ? "T" : "R" });
    }
    const mark = tags.marks?.[i];
    tokens.push({ seat: m.seat, text: mark ? `${m.notation} ${mark}` : m.notation });
  });
  for (const r of resigns) tokens.push({ seat: r.seat, text: r.timeout ? "T" : "R" });
  if (outcome?.reason === "resignation" || outcome?.reason === "timeout") {
    const seat = game.out.indexOf(outcome.reason === "timeout" ? "timed-out" : "resigned");
    if (seat >= 0) tokens.push({ seat, text: outcome.reason === "timeout" ? "T" : "R" });
  }

  const rounds: string[] = [];
  let current: string[] = [];
  let last = -1;
  for (const t of tokens) {
    if (current.length > 0 && t.seat <= last) {
      rounds.push(current.join(" .. "));
      current = [];
    }
    current.push(t.text);
    last = t.seat;
  }
  if (current.length > 0) rounds.push(current.join(" .. "));
  const movetext = rounds.map((r, i) => `${i + 1}. ${r}`).join("\n");
  return `${pairs.map(([k, v]) => `[${k} ${quote(v)}]`).join("\n")}\n\n${movetext}\n`;
}

/** Teams: `1-0` (Red and Yellow), `0-1`, `1/2-1/2`. Individual: the points by seat. */
function resultText(game: FourChess): string {
  const outcome = game.outcome!;
  if (game.options.format === "individual")
    return game.scores.map((s, seat) => `${COLOR_NAMES[seat]![0]}: ${s}`).join(", ");
  if (outcome.draw) return "1/2-1/2";
  return outcome.winners.includes(0) ? "1-0" : "0-1";
}
