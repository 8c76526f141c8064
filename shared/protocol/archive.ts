/**
 * A finished game as the archive serves it: the answer of `GET /api/games/:id` (JSON), which the
 * client's review opens at `/g/<id>`. Moves are in square names, with the server time each was
 * made; the position after any of them is the replay of `startFen` and the moves before it.
 * Nothing in it leads to the table it was played at: a private table's code stays with those
 * it was given to.
 */
import type { Format, GameId } from "../games/catalog";
import { MOVE_BY, type MoveBy } from "../match/by";
import type { MoveEntry } from "../match/state";

export interface ArchivedMove {
  readonly seat: number;
  /** null for a resignation. */
  readonly from: string | null;
  readonly to: string | null;
  readonly promotion: string | null;
  /** PGN4 (four-player chess) or WXF (xiangqi); `R` for a resignation, `T` for a loss on time. */
  readonly notation: string;
  /** "player", "cpu" or "stand-in". */
  readonly by: string;
  /** Server time of the move, ms since the epoch. */
  readonly at: number;
  /** With a clock: ms left on the seat's clock after the move (absent without a clock). */
  readonly clock?: number;
}

export interface PublishedGame {
  /** Unguessable id (128 bits, base64url); not the table's id, and no way to reach the table. */
  readonly id: string;
  /** Games of private tables are never listed anywhere. */
  readonly private: boolean;
  readonly game: GameId;
  readonly format: Format;
  /** The house rules the game was played with (as `HouseRules`). */
  readonly rules: Readonly<Record<string, unknown>>;
  /** Starting position: FEN4 or xiangqi FEN. */
  readonly startFen: string;
  /**
   * Per seat: display name and `human` or `cpu`; `left`: the person named left the game before
   * its end and a CPU played the seat from then on.
   */
  readonly players: readonly {
    readonly name: string;
    readonly kind: string;
    readonly left?: boolean;
    /** The player's public id (`/p/<id>`), for a person with a player key. */
    readonly player?: string;
    /** In a rated game: the seat's rating in the game's pool before and after it. */
    readonly rating?: { readonly before: number; readonly after: number };
  }[];
  /** The game was rated (every seat a person with a player key, house rule `rated`). */
  readonly rated?: boolean;
  readonly moves: readonly ArchivedMove[];
  readonly result: {
    readonly reason: string;
    readonly draw: boolean;
    readonly winners: readonly number[];
    readonly placing: readonly number[];
    /** Why it ended (shared/core/texts.ts `RESULTS`); absent in games stored before it. */
    readonly code?: string;
    /** The values the code's template names. */
    readonly params?: Readonly<Record<string, string | number>>;
    /** In English: the reason, then who won. */
    readonly message: string;
  };
  readonly startedAt: number;
  readonly finishedAt: number;
}

/**
 * The server's own record of a finished game: what it publishes, and the table it was played at
 * (for the store's bookkeeping). Only `PublishedGame` ever leaves the server.
 */
export interface ArchivedGame extends PublishedGame {
  readonly tableId: string;
  /**
   * The SHA-256 of the seat token of each seat's person (null for a CPU or one not known): the
   * store keeps them beside the game, never in its record, so that erasure by a seat token
   * finds the games of that person.
   */
  readonly seatTokens?: readonly (string | null)[];
}

/** The shape of a game id: 22 base64url characters. */
export const GAME_ID = /^[A-Za-z0-9_-]{22}$/;

/**
 * The archived moves as record entries (for `replay`): the move in square names, or a
 * resignation (a loss on time: `T`).
 */
export function logOf(game: PublishedGame): Pick<MoveEntry, "seat" | "move" | "by" | "timeout">[] {
  return game.moves.map((m) => ({
    seat: m.seat,
    move:
      m.from && m.to
        ? { from: m.from, to: m.to, ...(m.promotion ? { promotion: m.promotion } : {}) }
        : null,
    by: (MOVE_BY as readonly string[]).includes(m.by) ? (m.by as MoveBy) : "player",
    ...(!m.from && m.notation === "T" ? { timeout: true as const } : {}),
  }));
}
