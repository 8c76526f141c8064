/**
 * What a rules page and a lesson are made of, as data: sections of blocks (paragraphs, lists,
 * tables, questions, live diagrams, the house rules), and stages with one goal each. Every word
 * is a key of the learning catalogue (client/src/i18n/learn/), so a page is in the reader's
 * language; positions are FEN (xiangqi) or FEN4 (four-player chess), moves `from-to` squares
 * (`e7-e8=Q` for a promotion).
 */
import type { Format, GameId } from "../../../shared/games/catalog";
import type { LearnKey } from "../i18n/learn/en";

/** An arrow (`from` to `to`) or a circle (`from` alone) over a diagram. */
export interface Mark {
  readonly from: string;
  readonly to?: string;
  /** Green by default; red for a move that is not allowed, yellow for a square to notice. */
  readonly color?: "green" | "red" | "blue" | "yellow";
}

export interface DiagramSpec {
  /** Stable and unique on its page (tests and links name it). */
  readonly id: string;
  readonly fen: string;
  /** Four-player chess: the format the position is played in (Teams by default). */
  readonly format?: Format;
  /** The words under the board; also its name for a screen reader. */
  readonly caption: LearnKey;
  /** The seat at the bottom (the side to move by default). */
  readonly bottom?: number;
  readonly marks?: readonly Mark[];
  /**
   * A line to play out: the reader plays the moves of the side to move first, the diagram
   * answers with the next move of the line; a move off the line is taken back with a word.
   * Without a line, any piece may be tried, each as if its side were to move.
   */
  readonly line?: readonly string[];
  /** The words shown when the line has been played to its end (the result, if the game ended, is named too). */
  readonly lineDone?: LearnKey;
}

export type Block =
  | { readonly p: LearnKey }
  | { readonly list: readonly LearnKey[] }
  /** A table: a header row and rows of cells (a key, or a literal such as a number or "+10"). */
  | {
      readonly table: {
        readonly head: readonly LearnKey[];
        readonly rows: readonly (readonly (LearnKey | { readonly text: string })[])[];
      };
    }
  /** Questions and their answers. */
  | { readonly qa: readonly (readonly [LearnKey, LearnKey])[] }
  | { readonly diagram: DiagramSpec }
  /** The house rules of the game, from the server's definitions. */
  | { readonly houseRules: true };

export interface Section {
  /** The section's anchor (`/rules/fourchess#teams`). */
  readonly id: string;
  readonly title: LearnKey;
  readonly blocks: readonly Block[];
}

export interface RulesContent {
  readonly game: GameId;
  readonly sections: readonly Section[];
}

/**
 * A stage's goal, checked by the rules engine after each move of the learner:
 * - `stars`: land on every star (any order); the other side does not move.
 * - `capture`: take every piece on `targets`; the other side does not move.
 * - `moves`: play one of `accept` (escaping a check the way the stage asks, a flying-general
 *   trap avoided…); another legal move is answered with `wrong` and taken back.
 * - `mate`: end the game by mate (in Teams, confirmed at the mated player's turn: the other
 *   seats answer with `replies` until then).
 * - `points`: reach `points` points in Individual within the moves allowed.
 * - `turns`: play `count` moves, each seat in its turn (four-player chess's turn order).
 */
export type Goal =
  | { readonly kind: "stars"; readonly stars: readonly string[] }
  | { readonly kind: "capture"; readonly targets: readonly string[] }
  | { readonly kind: "moves"; readonly accept: readonly string[]; readonly wrong?: LearnKey }
  | { readonly kind: "mate" }
  | { readonly kind: "points"; readonly points: number }
  | { readonly kind: "turns"; readonly count: number; readonly stars?: readonly string[] };

export interface Stage {
  /** Stable: progress is kept under it (`/learn/xiangqi/horse-stars`). */
  readonly id: string;
  readonly title: LearnKey;
  /** What to do, in one or two sentences. */
  readonly goal: LearnKey;
  readonly fen: string;
  readonly format?: Format;
  /** The seats the learner moves; the first is at the bottom (default: the side to move). */
  readonly seats?: readonly number[];
  readonly check: Goal;
  /**
   * Moves of the other seats, `from-to`, played in order after each learner move that hands
   * them the turn (a Teams mate's intervening seats). Without them the learner's side moves again.
   */
  readonly replies?: readonly string[];
  /** Moves for three stars; two stars up to `par + 2`, one star beyond. */
  readonly par: number;
  /** The stage ends unfinished past this many moves (then it starts again). */
  readonly maxMoves?: number;
  readonly marks?: readonly Mark[];
}
