/**
 * The seats a waiting quick-play table keeps for the people the pool sent it, one per asking
 * address. A hold is short (the browser joins right after the answer) and its time is fixed
 * when it is first taken: asking again from the same address answers the same hold and never
 * extends it, and an address whose hold here lapsed unused is sent on without a seat kept.
 * So one address asking every second keeps at most one seat for a few seconds per table, and
 * strangers waiting behind it (server/room/quickPool.ts waits while every open seat is kept)
 * get that seat once it lapses.
 */

/** What asking a table to keep a seat came to. */
export type HoldAnswer =
  /** A seat is kept for the address (taken now, or its live one). */
  | "kept"
  /** A seat is free but none is kept: this address let a hold here lapse unused. */
  | "open"
  /** Every open seat is kept for others, each joining or lapsing within the hold time. */
  | "busy"
  /** No seat to send anyone to: the table started, is full or is paused. */
  | "closed"
  /** A rated table whose people are further from the asker's rating than it takes yet. */
  | "far";

/** Addresses remembered per table at most; beyond, lapsed ones are forgotten first. */
const MAX_REMEMBERED = 10_000;

export class SeatHolds {
  /** Until when (ms) each address's seat is kept; a time past marks a hold that lapsed unused. */
  private readonly until = new Map<string, number>();

  constructor(private readonly holdMs: number) {}

  /** Asks for a seat for `address` at a table with `open` seats free (0 when closed). */
  ask(address: string, open: number, now: number): HoldAnswer {
    if (open <= 0) return "closed";
    const live = this.live(now);
    const mine = this.until.get(address);
    // Asked again while its seat is kept: the same person, or another behind the same address
    // (a shared network), who may go only where a seat is left beyond those kept.
    if (mine !== undefined && mine > now) return live < open ? "kept" : "busy";
    if (live >= open) return "busy";
    if (mine !== undefined) return "open";
    if (this.until.size >= MAX_REMEMBERED) this.forgetLapsed(now);
    this.until.set(address, now + this.holdMs);
    return "kept";
  }

  /** The address joined: its hold is used up (and a later ask may keep a seat again). */
  use(address: string): void {
    this.until.delete(address);
  }

  /** Holds not yet used or lapsed. */
  live(now: number): number {
    let n = 0;
    for (const until of this.until.values()) if (until > now) n++;
    return n;
  }

  private forgetLapsed(now: number): void {
    for (const [address, until] of this.until) if (until <= now) this.until.delete(address);
  }
}
