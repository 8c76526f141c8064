/**
 * What a table knows of its people's ratings: each keyed person's ratings as they joined (by
 * public player id), and the change the last rated game made to each seat's rating, once the
 * store has applied it. The state shows them beside the names and on the result card.
 */
import { poolOfMatch } from "../../shared/match/rated";
import type { Match } from "../../shared/match/state";
import type { ArchivedGame } from "../../shared/protocol/archive";
import { aged, shown } from "../../shared/rating/glicko2";
import type { Pool, Rating } from "../../shared/rating/types";
import type { PlayerRecord } from "../store/types";

export interface ShownRating {
  readonly rating: number;
  readonly provisional: boolean;
}

export class TableRatings {
  private readonly known = new Map<string, Readonly<Record<Pool, Rating>>>();
  /** Per seat: the last rated game's change, and which game it was. */
  private changes: readonly number[] = [];
  private changesOf = 0;

  /** A keyed person joined (or their ratings were read again after a rated game). */
  learn(p: PlayerRecord): void {
    this.known.set(p.id, p.ratings);
  }

  /** The rating shown beside a seat's person, or null (no key, or not known yet). */
  shown(m: Match, player: string | null, now: number): ShownRating | null {
    const ratings = player ? this.known.get(player) : undefined;
    if (!ratings) return null;
    return shown(aged(ratings[poolOfMatch(m)], now));
  }

  /** The change of each seat's rating the last rated game made (0 where none is known). */
  deltas(m: Match): readonly number[] {
    return m.phase === "finished" && this.changesOf === m.gameNumber ? this.changes : [];
  }

  /** The store applied game number `gameNumber`'s ratings: its record says what changed. */
  applied(gameNumber: number, record: ArchivedGame): void {
    this.changesOf = gameNumber;
    this.changes = record.players.map((p) =>
      p.rating ? Math.round(p.rating.after) - Math.round(p.rating.before) : 0,
    );
  }
}
