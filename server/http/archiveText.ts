/**
 * Archived games as text: PGN4 for four-player chess (the format chess.com's 4PC and its tools
 * read), and for xiangqi the WXF move text with the ICCS coordinates beside it, or the ICCS
 * move text alone. Both carry the time control, the game's own house rules (a xiangqi game has
 * no four-player rule), the players' kinds, why the game ended and a mark on each CPU's move
 * (shared/protocol/exportTags.ts).
 */

import type { Refusal } from "../../shared/core/errors";
import { fail, ok, type Result } from "../../shared/core/result";
import { fourChessOf } from "../../shared/games/fourchess/adapter";
import { COLOR_NAMES } from "../../shared/games/fourchess/board";
import { writePgn4 } from "../../shared/games/fourchess/pgn4";
import { rulesOfGame } from "../../shared/match/houseRules";
import { replay, setupOf } from "../../shared/match/replay";
import { type ClockRule, parseClock } from "../../shared/match/rules";
import { logOf, type PublishedGame } from "../../shared/protocol/archive";
import {
  houseRulesText,
  moveMark,
  playerType,
  tagLine,
  timeControlText,
} from "../../shared/protocol/exportTags";

const dateOf = (ms: number) => new Date(ms).toISOString().slice(0, 10).replace(/-/g, ".");

/** The game's clock as the house rules recorded it, or null. */
function clockOf(g: PublishedGame): ClockRule | null {
  const c = parseClock(g.rules.clock ?? null);
  return c.ok ? c.value : null;
}

/** The `TimeControl` tag's value: `300+3`, `60d15` (a delay) or `-` (see exportTags.ts). */
function timeControlOf(g: PublishedGame): string {
  return timeControlText(clockOf(g));
}

/** The house rules, the players' kinds and why the game ended, as tags. */
function commonTags(g: PublishedGame, colors: readonly string[]): Record<string, string> {
  const tags: Record<string, string> = {
    TimeControl: timeControlOf(g),
    // Only the rules of this game: a xiangqi game names no four-player rule, nor these a handicap.
    HouseRules: houseRulesText(rulesOfGame(g.game, { ...g.rules, format: g.format })),
  };
  for (const [seat, color] of colors.entries())
    tags[`${color}Type`] = playerType(g.players[seat]?.kind ?? "human");
  tags.Reason = g.result.code ?? g.result.reason;
  return tags;
}

/** The marks of the moves on the board (resignations and losses on time left out). */
const boardMoves = (g: PublishedGame) => g.moves.filter((m) => m.from && m.to);

export function pgn4Of(g: PublishedGame): Result<string, Refusal> {
  if (g.game !== "fourchess") return fail("format/wrong-game", "PGN4 is for four-player chess.");
  // The game's own move limit, so that `MoveLimit` tells it (the game ended by it, if it did).
  const moveLimit = typeof g.rules.moveLimit === "number" ? g.rules.moveLimit : null;
  const r = replay(g.game, setupOf({ ...g, moveLimit, handicap: "none" }, 0, g.startFen), logOf(g));
  if (!r.ok) return r;
  return ok(
    writePgn4(fourChessOf(r.value.game), {
      // A person who gave no name is "?", as unknown names are in PGN.
      players: g.players.map((p) => p.name || "?"),
      site: "Crossboard",
      date: dateOf(g.startedAt),
      extra: commonTags(g, COLOR_NAMES.slice(0, 4)),
      marks: boardMoves(g).map((m) => moveMark(m.by)),
    }),
  );
}

/** Xiangqi's text in WXF (with each pair's ICCS after `;`) or in ICCS (`H2-E2`). */
export function xiangqiTextOf(g: PublishedGame, format: "wxf" | "iccs"): Result<string, Refusal> {
  if (g.game !== "xiangqi")
    return fail("format/wrong-game", `${format.toUpperCase()} is for xiangqi.`);
  const tags: [string, string][] = [
    ["Game", "Chinese Chess"],
    ["Format", format.toUpperCase()],
    ["Site", "Crossboard"],
    ["Date", dateOf(g.startedAt)],
    ["Red", g.players[0]?.name || "?"],
    ["Black", g.players[1]?.name || "?"],
    ["FEN", g.startFen],
    ...Object.entries(commonTags(g, ["Red", "Black"])),
    ["Result", resultOf(g)],
    ["Termination", g.result.message],
  ];
  const lines = [...tags.map(([k, v]) => tagLine(k, v)), ""];
  const moves = boardMoves(g);
  const marked = (text: string, by: string) => (moveMark(by) ? `${text} ${moveMark(by)}` : text);
  for (let i = 0; i < moves.length; i += 2) {
    const pair = moves.slice(i, i + 2);
    const number = `${String(i / 2 + 1).padStart(3)}.`;
    if (format === "iccs") {
      const text = pair.map((m) => marked(`${m.from}-${m.to}`.toUpperCase(), m.by)).join(" ");
      lines.push(`${number} ${text}`);
      continue;
    }
    const wxf = pair.map((m) => marked(m.notation, m.by).padEnd(6)).join(" ");
    const iccs = pair.map((m) => `${m.from}${m.to}`).join(" ");
    lines.push(`${number} ${wxf.padEnd(14)} ; ${iccs}`);
  }
  lines.push(resultOf(g), "");
  return ok(lines.join("\n"));
}

function resultOf(g: PublishedGame): string {
  if (g.result.draw) return "1/2-1/2";
  return g.result.winners.includes(0) ? "1-0" : "0-1";
}
