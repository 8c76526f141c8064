/**
 * The current game as the client replays it from the move list with the shared rules: the
 * position after every move with stable piece ids (for review), what each move captured (for
 * the captured pieces beside the seats and the capture sound). It follows the synchronised
 * move list as it grows and starts again when the list is rewritten (a takeback, a new game).
 */
import {
  type Format,
  type GameId,
  gameDefinition,
  type TableGame,
} from "../../../shared/games/registry";
import { numberPieces, type PieceState, trackPieces } from "../../../shared/match/pieces";

export interface RecordMove {
  readonly seat: number;
  /** "" for a resignation entry. */
  readonly from: string;
  readonly to: string;
  readonly promotion: string;
  readonly notation: string;
}

export interface RecordRules {
  readonly format: string;
  readonly moveLimit: number;
  readonly handicap: string;
}

export interface Capture {
  readonly kind: string;
  /** The owner of the taken piece (-1: a grey piece). */
  readonly color: number;
}

export interface Frame {
  readonly pieces: readonly PieceState[];
  readonly lastMove: { readonly from: string; readonly to: string } | null;
  /** What the move leading here took, if anything. */
  readonly captured: Capture | null;
  /** The seat that made that move (-1 for the starting position). */
  readonly seat: number;
}

const key = (m: RecordMove) => `${m.seat}|${m.from}|${m.to}|${m.promotion}|${m.notation}`;

export class GameRecord {
  readonly frames: Frame[] = [];
  private readonly keys: string[] = [];
  private game: TableGame | null = null;
  private nextId = 0;
  private broken = false;

  constructor(
    readonly id: GameId,
    private readonly rules: RecordRules,
    private readonly firstSeat: number,
  ) {}

  /** Whether this record can follow a game with these settings. */
  matches(id: GameId, rules: RecordRules, firstSeat: number): boolean {
    return (
      id === this.id &&
      rules.format === this.rules.format &&
      rules.moveLimit === this.rules.moveLimit &&
      rules.handicap === this.rules.handicap &&
      firstSeat === this.firstSeat
    );
  }

  /** Brings the record to a move list; false when the list is not a continuation of it. */
  follow(moves: readonly RecordMove[]): boolean {
    if (moves.length < this.keys.length) return false;
    for (let i = 0; i < this.keys.length; i++) if (this.keys[i] !== key(moves[i]!)) return false;
    if (!this.game) this.begin();
    for (let i = this.keys.length; i < moves.length && !this.broken; i++) this.apply(moves[i]!);
    return true;
  }

  private begin(): void {
    this.game = gameDefinition(this.id).start({
      format: (this.rules.format === "individual" ? "individual" : "teams") as Format,
      moveLimit: this.rules.moveLimit || null,
      handicap: this.rules.handicap,
      firstSeat: this.firstSeat,
    });
    const pieces = numberPieces(this.game.pieces());
    this.nextId = pieces.length + 1;
    this.frames.push({ pieces, lastMove: null, captured: null, seat: -1 });
  }

  private apply(m: RecordMove): void {
    const game = this.game!;
    const r = m.from
      ? game.play(
          m.promotion
            ? { from: m.from, to: m.to, promotion: m.promotion }
            : { from: m.from, to: m.to },
        )
      : game.resign(m.seat);
    this.keys.push(key(m));
    if (!r.ok) {
      // The server accepted it, so our copy of the rules is out of step: stop replaying.
      this.broken = true;
      return;
    }
    this.game = r.value;
    const before = this.frames.at(-1)!.pieces;
    const played = m.from ? (r.value.moves.at(-1) ?? null) : null;
    const taken = played?.captured ? before.find((p) => p.square === played.captured) : undefined;
    const tracked = trackPieces(before, r.value.pieces(), played, this.nextId);
    this.nextId = tracked.nextId;
    this.frames.push({
      pieces: tracked.pieces,
      lastMove: m.from ? { from: m.from, to: m.to } : null,
      captured: taken ? { kind: taken.kind, color: taken.color } : null,
      seat: m.seat,
    });
  }

  /** The pieces each seat has taken, in the order taken. */
  capturesBy(seats: number): Capture[][] {
    const out: Capture[][] = Array.from({ length: seats }, () => []);
    for (const f of this.frames) if (f.captured && f.seat >= 0) out[f.seat]?.push(f.captured);
    return out;
  }
}
