/**
 * Feedback and recommendations as the SQL stores keep them: one row per message; one per
 * device (its keyed hash, never the id itself) and game for recommendations.
 */
import { GAME_IDS, type GameId } from "../../shared/games/catalog";
import {
  type FeedbackKind,
  type FeedbackLanguage,
  type FeedbackStatus,
  noRecommendations,
  type Recommendations,
} from "../../shared/protocol/site";
import type { FeedbackRecord } from "./types";

/** The columns every feedback query selects, in this order. */
export const FEEDBACK_COLUMNS = `id, kind, game, text, language, status, answer, answered,
  created, published, table_id, game_id, version, author_token, author_player`;

export interface FeedbackRow {
  readonly id: string;
  readonly kind: string;
  readonly game: string | null;
  readonly text: string;
  readonly language: string;
  readonly status: string;
  readonly answer: string | null;
  readonly answered: number | null;
  readonly created: number;
  /** SQLite: 0 or 1. */
  readonly published: boolean | number;
  readonly table_id: string | null;
  readonly game_id: string | null;
  readonly version: string | null;
  readonly author_token: string | null;
  readonly author_player: string | null;
}

export const feedbackFromRow = (r: FeedbackRow): FeedbackRecord => ({
  id: r.id,
  kind: r.kind as FeedbackKind,
  game: (r.game ?? null) as GameId | null,
  text: r.text,
  language: r.language as FeedbackLanguage,
  status: r.status as FeedbackStatus,
  answer: r.answer ?? null,
  answered: r.answered === null ? null : Number(r.answered),
  created: Number(r.created),
  published: Boolean(r.published),
  tableId: r.table_id ?? null,
  gameId: r.game_id ?? null,
  version: r.version ?? null,
  authorToken: r.author_token ?? null,
  authorPlayer: r.author_player ?? null,
});

/** The values of a new row, in FEEDBACK_COLUMNS' order (published as the driver wants it). */
export const feedbackValues = <P>(f: FeedbackRecord, published: (b: boolean) => P) =>
  [
    f.id,
    f.kind,
    f.game,
    f.text,
    f.language,
    f.status,
    f.answer,
    f.answered,
    f.created,
    published(f.published),
    f.tableId,
    f.gameId,
    f.version,
    f.authorToken,
    f.authorPlayer,
  ] as const;

/** Counts per game from `SELECT game, yes, no` rows; games this server does not have are left out. */
export function recommendationsOf(
  rows: readonly { game: string; yes: number | string; no: number | string }[],
): Recommendations {
  const counts = noRecommendations() as Record<GameId, { yes: number; no: number }>;
  for (const r of rows)
    if ((GAME_IDS as readonly string[]).includes(r.game))
      counts[r.game as GameId] = { yes: Number(r.yes), no: Number(r.no) };
  return counts;
}
