/**
 * Table talk as this client hears it: the phrases said at the table, whose they are, which
 * seats show a bubble now, and which lines the person hides (others' phrases, when muted).
 * Phrases arrive as codes; the reader's language turns them into words when they are shown.
 */
import type { Phrase, ServerPayloads } from "../../../shared/protocol/messages";

export type Said = ServerPayloads["said"];

export interface TalkLine extends Said {
  /** Said by this client (from its seat, or as a spectator). */
  readonly mine: boolean;
  /** When it was heard, on this device's clock. */
  readonly at: number;
}

/** How long a bubble stays by the speaker's seat. */
export const BUBBLE_MS = 6000;
/** Lines kept for the list under the moves. */
const KEPT = 30;
/** How long a phrase sent as a spectator waits for its echo to be known as ours. */
const ECHO_MS = 10_000;

export class TableTalk {
  private lines: TalkLine[] = [];
  /** Phrases this client sent as a spectator, oldest first, waiting for their echo. */
  private pending: { phrase: Phrase; at: number }[] = [];

  constructor(
    /** Others' phrases hidden (the person's choice, kept on the device). */
    public muted: boolean,
  ) {}

  /** This client says `phrase` (a spectator's echo carries no seat, so it is matched by this). */
  sent(phrase: Phrase, now: number): void {
    this.pending = this.pending.filter((p) => now - p.at < ECHO_MS);
    this.pending.push({ phrase, at: now });
  }

  /** A phrase said at the table; the line to show, or null when the person hides it. */
  hear(m: Said, mySeats: readonly number[], now: number): TalkLine | null {
    const mine = m.seat >= 0 ? mySeats.includes(m.seat) : this.claim(m.phrase, now);
    const line: TalkLine = { phrase: m.phrase, seat: m.seat, name: m.name, mine, at: now };
    this.lines.push(line);
    if (this.lines.length > KEPT) this.lines.shift();
    return this.shows(line) ? line : null;
  }

  /** The latest lines the person sees, oldest first. */
  recent(count: number): TalkLine[] {
    return this.lines.filter((l) => this.shows(l)).slice(-count);
  }

  /** The phrase by each seat that said one in the last `BUBBLE_MS` (spectators have no seat). */
  bubbles(now: number): Map<number, TalkLine> {
    const out = new Map<number, TalkLine>();
    for (const l of this.lines)
      if (l.seat >= 0 && now - l.at < BUBBLE_MS && this.shows(l)) out.set(l.seat, l);
    return out;
  }

  private shows(l: TalkLine): boolean {
    return l.mine || !this.muted;
  }

  private claim(phrase: Phrase, now: number): boolean {
    const i = this.pending.findIndex((p) => p.phrase === phrase && now - p.at < ECHO_MS);
    if (i < 0) return false;
    this.pending.splice(i, 1);
    return true;
  }
}
