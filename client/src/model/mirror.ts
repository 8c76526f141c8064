/**
 * The current game as the client works it out from the synchronised state with the shared
 * rules: the start position (`startFen`) played through the move list. It gives the position
 * (legal moves, checks, FEN), each entry's notation, the position after every entry with
 * stable piece ids (for the review) and the pieces each seat has taken.
 *
 * It follows the list as it grows, one entry at a time, and starts over when the list is
 * rewritten: a shorter or different list (a takeback), another game number or start position.
 * A finished game from the archive is loaded whole, the same way.
 */
import type { GameId } from "../../../shared/games/catalog";
import type { Game, MoveInput, Piece, TrackedPiece } from "../../../shared/games/types";
import {
  advance,
  type Replayed,
  type SetupRules,
  setupOf,
  startGame,
} from "../../../shared/match/replay";
import type { MoveEntry } from "../../../shared/match/state";
import type { TableView } from "../../../shared/protocol/views";
import { entryFromView, unpackMove } from "../../../shared/protocol/wire";

/** What the server sends of an entry: its seat, its move and who made it. */
type SentEntry = Pick<MoveEntry, "seat" | "move" | "by">;

export interface Squares {
  readonly from: string;
  readonly to: string;
}

/** The position after an entry of the record. */
export interface Frame {
  readonly pieces: readonly TrackedPiece[];
  readonly lastMove: Squares | null;
  /** The piece the entry leading here took, if any. */
  readonly captured: Piece | null;
  /** The seat of that entry (-1 for the start position). */
  readonly seat: number;
}

/** What following a new state did to the mirror. */
export type Change = "same" | "grew" | "restarted";

/** The state a mirror follows. */
export type Followed = Pick<TableView, "game" | "gameNumber" | "startFen" | "rules" | "moves">;

/** What makes two move lists belong to the same game. */
const gameKey = (s: Followed) =>
  [s.game, s.gameNumber, s.startFen, s.rules.format, s.rules.moveLimit, s.rules.handicap].join("|");

export class GameMirror {
  private key = "";
  private game: GameId = "fourchess";
  /** The wire entries (numbers) followed so far, to tell a grown list from a rewritten one. */
  private seen: number[] = [];
  private replayed: Replayed | null = null;
  private entryList: MoveEntry[] = [];
  private frameList: Frame[] = [];
  private legal: { for: Replayed; moves: readonly MoveInput[] } | null = null;
  private checked: { for: Replayed; seats: readonly number[] } | null = null;
  /** An entry the rules refused: our copy of the rules is out of step with the server's. */
  private stuck = false;

  /** Brings the mirror up to a state. */
  follow(s: Followed): Change {
    const key = gameKey(s);
    const moves = s.moves;
    let change: Change = "same";
    if (key !== this.key || !this.continues(moves)) {
      this.restart(s.game, s.rules, s.startFen, key);
      change = "restarted";
    }
    for (let i = this.seen.length; i < moves.length; i++) {
      this.append(moves[i]!);
      if (change === "same") change = "grew";
    }
    return change;
  }

  /**
   * A whole record at once (a game from the archive): the start position played through every
   * entry. A later `follow` starts over.
   */
  load(game: GameId, rules: SetupRules, startFen: string, entries: readonly SentEntry[]): void {
    this.restart(game, rules, startFen, "");
    for (const entry of entries) this.push(entry, null);
  }

  /** The game now, or null when the rules could not set it up. */
  get current(): Game | null {
    return this.live()?.game ?? null;
  }

  /** Every entry of the move list, with its notation. */
  get entries(): readonly MoveEntry[] {
    return this.entryList;
  }

  /** The position at the start and after each entry (fewer when the rules fell out of step). */
  get frames(): readonly Frame[] {
    return this.frameList;
  }

  /** Legal moves of the player to move, worked out once per position. */
  legalMoves(): readonly MoveInput[] {
    const r = this.live();
    if (!r) return [];
    if (this.legal?.for !== r) this.legal = { for: r, moves: r.game.legalMoves() };
    return this.legal.moves;
  }

  /** Seats in check now. */
  checks(): readonly number[] {
    const r = this.live();
    if (!r) return [];
    if (this.checked?.for !== r) this.checked = { for: r, seats: r.game.checks() };
    return this.checked.seats;
  }

  /** The position in the game's own notation ("" when it cannot be worked out). */
  fen(): string {
    return this.live()?.game.fen() ?? "";
  }

  /**
   * A move of the position now written as the move list writes it (WXF for xiangqi, the
   * four-player move text for four-player chess), or null when it cannot be played here.
   */
  notationOf(move: MoveInput): string | null {
    const played = this.live()?.game.play(move);
    return played?.ok ? (played.value.lastMove?.notation ?? null) : null;
  }

  /** The squares of the last move played (a resignation moves nothing). */
  lastMove(): Squares | null {
    for (let i = this.entryList.length - 1; i >= 0; i--) {
      const move = this.entryList[i]!.move;
      if (move) return { from: move.from, to: move.to };
    }
    return null;
  }

  /**
   * The pieces each seat has taken, in the order taken: by the end of the record, or as of
   * `step` (the position after that many entries, as a review shows it).
   */
  capturesBy(seats: number, step = this.frameList.length - 1): Piece[][] {
    const out: Piece[][] = Array.from({ length: seats }, () => []);
    for (const f of this.frameList.slice(0, step + 1))
      if (f.captured && f.seat >= 0) out[f.seat]?.push(f.captured);
    return out;
  }

  /** The game replayed through the whole list, or null when the rules fell out of step. */
  private live(): Replayed | null {
    return this.stuck ? null : this.replayed;
  }

  private continues(moves: readonly number[]): boolean {
    if (moves.length < this.seen.length) return false;
    return this.seen.every((k, i) => k === moves[i]);
  }

  private restart(game: GameId, rules: SetupRules, startFen: string, key: string): void {
    this.key = key;
    this.game = game;
    this.seen = [];
    this.entryList = [];
    this.frameList = [];
    const started = startGame(game, setupOf(rules, 0, startFen), true);
    this.replayed = started.ok ? started.value : null;
    this.stuck = !started.ok;
    if (this.replayed?.pieces)
      this.frameList.push({
        pieces: this.replayed.pieces,
        lastMove: null,
        captured: null,
        seat: -1,
      });
  }

  private append(packed: number): void {
    this.seen.push(packed);
    this.push(entryFromView(this.game, packed), unpackMove(packed).captured ?? false);
  }

  /** Plays an entry on; `captured` as the server said, or null to take it from the rules. */
  private push(entry: SentEntry, captured: boolean | null): void {
    const before = this.replayed;
    const next = before && !this.stuck ? advance(before, entry) : null;
    if (!before || !next?.ok) {
      // The server accepted the entry, so the rules here are out of step: list it, stop replaying.
      this.stuck = true;
      const text = entry.move ? `${entry.move.from}-${entry.move.to}` : "";
      this.entryList.push({ ...entry, notation: text, captured: captured ?? false });
      return;
    }
    const r = next.value;
    const played = entry.move ? r.game.moves.at(-1) : undefined;
    this.replayed = r;
    this.entryList.push({
      ...entry,
      notation: played?.notation ?? "",
      captured: captured ?? Boolean(played?.captured),
    });
    const taken = played?.captured
      ? before.pieces?.find((p) => p.square === played.captured)
      : undefined;
    this.frameList.push({
      pieces: r.pieces ?? [],
      lastMove: entry.move ? { from: entry.move.from, to: entry.move.to } : null,
      captured: taken ? { square: taken.square, kind: taken.kind, seat: taken.seat } : null,
      seat: entry.seat,
    });
  }
}
