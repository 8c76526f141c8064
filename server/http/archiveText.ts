/**
 * Archived games as text: PGN4 for four-player chess (the format chess.com's 4PC and its tools
 * read), and for xiangqi the WXF move text with the ICCS coordinates beside it.
 */

import type { Refusal } from "../../shared/core/errors";
import { fail, ok, type Result } from "../../shared/core/result";
import { fourChessOf } from "../../shared/games/fourchess/adapter";
import { writePgn4 } from "../../shared/games/fourchess/pgn4";
import { replay, setupOf } from "../../shared/match/replay";
import { logOf, type PublishedGame } from "../../shared/protocol/archive";

const dateOf = (ms: number) => new Date(ms).toISOString().slice(0, 10).replace(/-/g, ".");

/**
 * The `TimeControl` tag of a game played with a clock, in seconds: `300+3` (base + Fischer
 * increment, as PGN writes it), `60S15` (base and a simple delay: PGN has no standard form
 * for a delay; this is the extension some readers know). Null without a clock.
 */
export function timeControlOf(g: PublishedGame): string | null {
  const c = g.rules.clock as { base?: unknown; increment?: unknown; delay?: unknown } | null;
  if (!c || typeof c !== "object" || typeof c.base !== "number") return null;
  const delay = typeof c.delay === "number" ? c.delay : 0;
  const increment = typeof c.increment === "number" ? c.increment : 0;
  return delay > 0 ? `${c.base}S${delay}` : `${c.base}+${increment}`;
}

export function pgn4Of(g: PublishedGame): Result<string, Refusal> {
  if (g.game !== "fourchess") return fail("format/wrong-game", "PGN4 is for four-player chess.");
  const r = replay(
    g.game,
    setupOf({ ...g, moveLimit: null, handicap: "none" }, 0, g.startFen),
    logOf(g),
  );
  if (!r.ok) return r;
  const timeControl = timeControlOf(g);
  return ok(
    writePgn4(fourChessOf(r.value.game), {
      players: g.players.map((p) => p.name),
      site: "Crossboard",
      date: dateOf(g.startedAt),
      ...(timeControl ? { extra: { TimeControl: timeControl } } : {}),
    }),
  );
}

export function wxfOf(g: PublishedGame): Result<string, Refusal> {
  if (g.game !== "xiangqi") return fail("format/wrong-game", "WXF is for xiangqi.");
  const lines = [
    `[Game "Chinese Chess"]`,
    `[Site "Crossboard"]`,
    `[Date "${dateOf(g.startedAt)}"]`,
    `[Red "${g.players[0]?.name ?? ""}"]`,
    `[Black "${g.players[1]?.name ?? ""}"]`,
    `[FEN "${g.startFen}"]`,
    ...(timeControlOf(g) ? [`[TimeControl "${timeControlOf(g)}"]`] : []),
    `[Result "${resultOf(g)}"]`,
    `[Termination "${g.result.message.replace(/"/g, "'")}"]`,
    "",
  ];
  const moves = g.moves.filter((m) => m.from && m.to);
  for (let i = 0; i < moves.length; i += 2) {
    const pair = moves.slice(i, i + 2);
    const wxf = pair.map((m) => m.notation.padEnd(6)).join(" ");
    const iccs = pair.map((m) => `${m.from}${m.to}`).join(" ");
    lines.push(`${String(i / 2 + 1).padStart(3)}. ${wxf.padEnd(14)} ; ${iccs}`);
  }
  lines.push(resultOf(g), "");
  return ok(lines.join("\n"));
}

function resultOf(g: PublishedGame): string {
  if (g.result.draw) return "1/2-1/2";
  return g.result.winners.includes(0) ? "1-0" : "0-1";
}
