/**
 * Read-only shapes of the `table` room's synchronised state, for clients and tools; the
 * server's schema classes (server/room/state.ts) are checked against them when it compiles. The
 * state carries what changes, once: a client works out the position, legal moves, checks and
 * move notation from `startFen` and `moves` with the shared rules (see docs/protocol.md).
 * Squares and piece kinds are small numbers (see `wire.ts`).
 */
import type { Format, GameId } from "../games/catalog";
import type { Phase, SeatKind } from "../match/match";
import type { Mode } from "./messages";

export interface SeatView {
  /** The seat's colour name (`red`, `blue`, … or `red`/`black` in xiangqi). */
  readonly color: string;
  readonly kind: SeatKind;
  readonly name: string;
  /**
   * Public id of the player holding the seat ("" for open and CPU seats): for a person with a
   * player key, their player id (`/p/<id>`, `GET /api/players/<id>`); otherwise an id of this
   * table only.
   */
  readonly player: string;
  /**
   * The rating of the seat's person in this table's pool, rounded (shared/rating), or 0: no
   * player key (and CPU or open seats).
   */
  readonly rating: number;
  /** That rating is provisional (its deviation is above 110): shown with "?". */
  readonly provisional: boolean;
  /** The change the last rated game at this table made to that rating (0 before it is known). */
  readonly delta: number;
  readonly connected: boolean;
  /** A CPU stand-in is moving for this human (away past the grace, or timed out). */
  readonly standIn: boolean;
  readonly level: string;
  readonly score: number;
  /** Why the seat is out of the game ("" while it plays on). */
  readonly out: string;
  /** Time this seat has used in the current game, in ms, not counting the running turn. */
  readonly used: number;
  /**
   * With a clock (`rules.clock`): ms left on this seat's clock. For the seat to move, as of
   * `turnStarted` (the running turn not yet charged: see docs/protocol.md for the countdown);
   * for the others, as of now. Before the first start, the clock's base. 0 without a clock.
   */
  readonly clock: number;
}

/** A piece; its id is its key in the `pieces` map. */
/** A piece. The state carries each as one number: `unpackPiece` / `packPiece` (wire.ts). */
export interface PieceView {
  /** Square number (wire.ts). */
  readonly square: number;
  /** Kind number: index in the game's kind letters. */
  readonly kind: number;
  /** Owner's seat, or -1 for a grey piece. */
  readonly seat: number;
}

/** One entry of the game's record. Absent fields are 0 / false. */
/**
 * A move-list entry. The state carries each as one number (`moves[i]`): `unpackMove` and
 * `packMove` (wire.ts) turn one into the other.
 */
export interface MoveView {
  readonly seat: number;
  /** Square numbers of the move (absent on a resignation). */
  readonly from?: number;
  readonly to?: number;
  /** Kind number of the promotion piece. */
  readonly promotion?: number;
  /** The move took a piece. */
  readonly captured?: boolean;
  /** Who moved: 0 the player, 1 a CPU player, 2 the CPU stand-in of an absent player. */
  readonly by?: number;
  /** The seat resigned and the game went on without it (no move). */
  readonly resigned?: boolean;
  /** With `resigned`: the seat did not resign but lost on time (its clock ran out). */
  readonly timeout?: boolean;
}

export interface OfferView {
  /** `rematch`: after a result, the next game starts once every person seated agreed. */
  readonly kind: "draw" | "takeback" | "rematch";
  readonly seat: number;
  readonly needed: readonly number[];
  readonly agreed: readonly number[];
  readonly plies: number;
}

export interface ResultView {
  readonly reason: string;
  readonly draw: boolean;
  readonly winners: readonly number[];
  readonly placing: readonly number[];
  /** Why the game ended: a code of shared/core/texts.ts `RESULTS` (`mate`, `resignation`…). */
  readonly code: string;
  /** The values the code's template names, as strings (seats and counts as digits). */
  readonly params: ReadonlyMap<string, string>;
  /** In English: the reason, then who won. */
  readonly message: string;
}

export interface NoticeView {
  /** A code of shared/core/texts.ts `NOTICES`. */
  readonly code: string;
  /** The values the code's template names, as strings (seats and counts as digits). */
  readonly params: ReadonlyMap<string, string>;
  /** In English, for clients without the code's translation. */
  readonly message: string;
  readonly seat: number;
}

/** A game clock (shared/match/rules.ts `ClockRule`), in seconds. */
export interface ClockView {
  readonly base: number;
  readonly increment: number;
  readonly delay: number;
}

export interface RulesView {
  readonly format: Format;
  /** 0 = no limit. */
  readonly moveLimit: number;
  readonly showLegalMoves: boolean;
  readonly rotateFirst: boolean;
  readonly turnTimer: number;
  /**
   * The game clock, or none: undefined in the synchronised state, null where house rules are
   * plain data (the house rule `clock: null`, the archive).
   */
  readonly clock: ClockView | null | undefined;
  readonly cpuLevel: string;
  readonly takebackConsent: boolean;
  readonly handicap: string;
  readonly hints: boolean;
  /** The game is rated (house rule `rated`): hints and takebacks are off. */
  readonly rated: boolean;
}

export interface TableView {
  readonly game: GameId;
  readonly mode: Mode;
  readonly phase: Phase;
  /** The position the current game started from (before the first start: the one it will). */
  readonly startFen: string;
  /** Seat to move (-1 when no game is running). */
  readonly turn: number;
  /** When the current game began, ms since the epoch (0 before the first start). */
  readonly clockBase: number;
  /** When the running turn began, ms after `clockBase`. */
  readonly turnStarted: number;
  /** When the player to move runs out of time, ms after `clockBase` (0: no timer running). */
  readonly turnDeadline: number;
  readonly gameNumber: number;
  /** The current game's archive id: once it is finished, `GET /api/games/<gameId>` (and `/g/<gameId>`). */
  readonly gameId: string;
  readonly seats: readonly SeatView[];
  /** The pieces by id, each packed in one number (`unpackPiece` reads it). */
  readonly pieces: ReadonlyMap<string, number>;
  /** The move list, each entry packed in one number (`unpackMove` reads it). */
  readonly moves: readonly number[];
  readonly offer: OfferView | undefined;
  readonly result: ResultView | undefined;
  readonly notices: readonly NoticeView[];
  readonly rules: RulesView;
  /** Public id of the host. */
  readonly host: string;
  readonly private: boolean;
  readonly spectators: number;
  /** Names of the first spectators (at most `WATCHERS_SHOWN`); `spectators` counts them all. */
  readonly watchers: readonly string[];
  /**
   * A waiting quick-play table starts by itself at this time, ms since the epoch on the
   * server's clock (0: not counting down).
   */
  readonly autoStart: number;
}

/** How many spectators' names the state carries. */
export const WATCHERS_SHOWN = 20;

/** A public table in the lobby: the answer of `GET /api/tables`. */
export interface TableListing {
  readonly id: string;
  readonly game: GameId;
  /** `quick`: a quick-play table, which starts by itself; `online`: a host starts it. */
  readonly mode: Mode;
  /** Four-player chess: "teams" or "individual"; "" in xiangqi. */
  readonly format: Format | "";
  readonly phase: Phase;
  readonly seats: number;
  readonly taken: number;
  readonly spectators: number;
  /** The table's game clock (house rule `clock`), or null for none. */
  readonly clock: ClockView | null;
  /** The house rule `rated`. */
  readonly rated: boolean;
  /**
   * The people seated, in seat order: name, rating in the table's pool (rounded; 0 without a
   * player key) and whether it is provisional.
   */
  readonly people: readonly {
    readonly name: string;
    readonly rating: number;
    readonly provisional: boolean;
  }[];
}
