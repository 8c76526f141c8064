/**
 * Finished games for the archive: their unguessable ids, derived from a table's secret and the
 * game's number (so a table brought back after a restart names its games as before), the record
 * the store keeps, and what of it `GET /api/games/:id` serves (never the table's id: for a
 * private table that is its code).
 */
import { createHmac } from "node:crypto";
import type { Match } from "../../shared/match/match";
import type { ArchivedGame, PublishedGame } from "../../shared/protocol/archive";

/** The archive id of a table's n-th game: 128 bits of HMAC-SHA256(secret, n), base64url. */
export function gameIdOf(secret: string, gameNumber: number): string {
  return createHmac("sha256", secret)
    .update(`game:${gameNumber}`)
    .digest()
    .subarray(0, 16)
    .toString("base64url");
}

/**
 * The archive record of the match's finished game, or null when there is none to keep: no game
 * finished, or it was aborted (it ended before each person moved). `times[i]` is the server
 * time of the i-th entry of its move list.
 */
export function archiveOf(
  m: Match,
  meta: {
    id: string;
    tableId: string;
    private: boolean;
    times: readonly number[];
    now: number;
    /** The SHA-256 of a player's seat token at the table, or null (kept beside the record). */
    tokenOf?: (player: string) => string | null;
  },
): ArchivedGame | null {
  const game = m.game;
  if (!game?.outcome || m.phase !== "finished" || game.outcome.code === "aborted") return null;
  return {
    id: meta.id,
    tableId: meta.tableId,
    private: meta.private,
    game: m.gameId,
    format: m.rules.format,
    rules: { ...m.rules },
    startFen: game.startFen,
    players: m.seats.map((s, i) => {
      const person = m.players[i] ?? "";
      // Someone who played and left is named, not the CPU that finished the game for them
      // (an erased person too: by no name, ERASED_NAME).
      if (s.kind !== "human" && (person || m.ids[i]))
        return { name: person, kind: "human", left: true };
      // A person's empty name stays empty (shown as the client's word for a player).
      if (s.kind === "human") return { name: s.name, kind: "human" };
      return { name: s.name || "CPU", kind: "cpu" };
    }),
    ...(meta.tokenOf ? { seatTokens: seatTokensOf(m, meta.tokenOf) } : {}),
    moves: m.log.map((e, i) => ({
      seat: e.seat,
      from: e.move?.from ?? null,
      to: e.move?.to ?? null,
      promotion: e.move?.promotion ?? null,
      notation: e.notation,
      by: e.by,
      at: meta.times[i] ?? m.startedAt,
      ...(e.clock !== undefined ? { clock: e.clock } : {}),
    })),
    result: {
      reason: game.outcome.reason,
      draw: game.outcome.draw,
      winners: [...game.outcome.winners],
      placing: [...game.outcome.placing],
      code: game.outcome.code,
      params: { ...game.outcome.params },
      message: game.outcome.message,
    },
    startedAt: m.startedAt,
    finishedAt: meta.now,
  };
}

/** The seat-token hash of the person who began the game in each seat (null: a CPU, unknown). */
function seatTokensOf(m: Match, tokenOf: (player: string) => string | null): (string | null)[] {
  return m.seats.map((s, i) => {
    const player = m.ids[i] || (s.kind === "human" ? (s.player ?? "") : "");
    return player ? tokenOf(player) : null;
  });
}

/**
 * What of a stored game leaves the server: every field named here and nothing else, so neither
 * the table's id nor anything a store adds later (or an older record still carries) is sent.
 */
export function publishedGame(g: ArchivedGame): PublishedGame {
  return {
    id: g.id,
    private: g.private,
    game: g.game,
    format: g.format,
    rules: g.rules,
    startFen: g.startFen,
    players: g.players.map((p) => ({
      name: p.name,
      kind: p.kind,
      ...(p.left ? { left: true } : {}),
      ...(g.rated && p.player ? { player: p.player } : {}),
      ...(g.rated && p.rating
        ? { rating: { before: p.rating.before, after: p.rating.after } }
        : {}),
    })),
    ...(g.rated ? { rated: true } : {}),
    moves: g.moves.map((m) => ({
      seat: m.seat,
      from: m.from,
      to: m.to,
      promotion: m.promotion,
      notation: m.notation,
      by: m.by,
      at: m.at,
      ...(m.clock !== undefined ? { clock: m.clock } : {}),
    })),
    result: {
      reason: g.result.reason,
      draw: g.result.draw,
      winners: g.result.winners,
      placing: g.result.placing,
      ...(g.result.code ? { code: g.result.code, params: g.result.params ?? {} } : {}),
      message: g.result.message,
    },
    startedAt: g.startedAt,
    finishedAt: g.finishedAt,
  };
}
