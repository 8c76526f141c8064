/**
 * Read-only shapes of the `table` room's synchronised state, for clients and tools. The server's
 * schema classes (server/state.ts) carry exactly these fields.
 */
export interface SeatView {
  readonly color: string;
  /** "open", "human" or "cpu". */
  readonly kind: string;
  readonly name: string;
  /** Public id of the player holding the seat ("" for open and CPU seats). */
  readonly player: string;
  readonly connected: boolean;
  /** A CPU stand-in is moving for this human (away past the grace, or timed out). */
  readonly standIn: boolean;
  readonly level: string;
  readonly score: number;
  /** Why the seat is out of the game ("" while it plays on). */
  readonly out: string;
  /** Time this seat has used in the current game, in ms, not counting the running turn. */
  readonly used: number;
}

export interface PieceView {
  readonly id: number;
  readonly square: string;
  readonly kind: string;
  /** Owner's seat, or -1 for a grey piece. */
  readonly color: number;
}

export interface MoveView {
  readonly seat: number;
  readonly from: string;
  readonly to: string;
  readonly promotion: string;
  readonly notation: string;
  /** "player", "cpu" or "stand-in". */
  readonly by: string;
}

export interface OfferView {
  /** "draw" or "takeback". */
  readonly kind: string;
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
  readonly message: string;
}

export interface NoticeView {
  readonly code: string;
  readonly message: string;
  readonly seat: number;
}

export interface RulesView {
  readonly format: string;
  /** 0 = no limit. */
  readonly moveLimit: number;
  readonly showLegalMoves: boolean;
  readonly rotateFirst: boolean;
  readonly turnTimer: number;
  readonly cpuLevel: string;
  readonly takebackConsent: boolean;
  readonly handicap: string;
  readonly hints: boolean;
}

export interface TableView {
  readonly game: string;
  readonly mode: string;
  /** "waiting", "playing" or "finished". */
  readonly phase: string;
  /** FEN4 or xiangqi FEN of the current position ("" before the first start). */
  readonly fen: string;
  /** Seat to move (-1 when no game is running). */
  readonly turn: number;
  /** When the player to move runs out of time, ms since the epoch (0: no timer). */
  readonly turnDeadline: number;
  /** When the running turn began, ms since the epoch (0 when no game runs). */
  readonly turnStarted: number;
  readonly gameNumber: number;
  readonly seats: readonly SeatView[];
  readonly pieces: ReadonlyMap<string, PieceView>;
  readonly moves: readonly MoveView[];
  /** Legal moves of the player to move as "from-to[=P]" (when the house rules show them). */
  readonly legalMoves: readonly string[];
  /** Seats whose king or general is in check. */
  readonly checks: readonly number[];
  readonly offer: OfferView | undefined;
  readonly result: ResultView | undefined;
  readonly notices: readonly NoticeView[];
  readonly rules: RulesView;
  /** Public id of the host. */
  readonly host: string;
  readonly private: boolean;
  readonly spectators: number;
}
