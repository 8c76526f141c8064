/**
 * Finished games for the archive: their unguessable ids, derived from a table's secret and the
 * game's number (so a table brought back after a restart names its games as before), and the
 * record `GET /api/games/:id` serves.
 */
import { createHmac } from "node:crypto";
import type { Match } from "../shared/match/match";
import type { ArchivedGame } from "../shared/protocol/archive";

/** The archive id of a table's n-th game: 128 bits of HMAC-SHA256(secret, n), base64url. */
export function gameIdOf(secret: string, gameNumber: number): string {
  return createHmac("sha256", secret)
    .update(`game:${gameNumber}`)
    .digest()
    .subarray(0, 16)
    .toString("base64url");
}

/**
 * The archive record of the match's finished game. `times[i]` is the server time of the i-th
 * entry of its move list.
 */
export function archiveOf(
  m: Match,
  meta: { id: string; tableId: string; private: boolean; times: readonly number[]; now: number },
): ArchivedGame | null {
  const table = m.table;
  if (!table?.outcome || m.phase !== "finished") return null;
  return {
    id: meta.id,
    tableId: meta.tableId,
    private: meta.private,
    game: m.game,
    format: m.rules.format,
    rules: { ...m.rules },
    startFen: table.startFen,
    players: m.seats.map((s) => ({
      name: s.name || "CPU",
      kind: s.kind === "human" ? "human" : "cpu",
    })),
    moves: m.log.map((e, i) => ({
      seat: e.seat,
      from: e.move?.from ?? null,
      to: e.move?.to ?? null,
      promotion: e.move?.promotion ?? null,
      notation: e.notation,
      by: e.by,
      at: meta.times[i] ?? m.startedAt,
    })),
    result: {
      reason: table.outcome.reason,
      draw: table.outcome.draw,
      winners: [...table.outcome.winners],
      placing: [...table.outcome.placing],
      message: table.outcome.message,
    },
    startedAt: m.startedAt,
    finishedAt: meta.now,
  };
}
