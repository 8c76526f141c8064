/**
 * The table's action log: every accepted action passes through `Journal.record` before its
 * effect is broadcast, so a table can later be stored and rebuilt by replaying it. In memory
 * for now; a durable store plugs in behind the same `record`.
 */
import type { Action } from "../shared/match/match";

export interface JournalEntry {
  /** Server time the action was applied (ms). */
  readonly at: number;
  /** Match version after the action. */
  readonly version: number;
  readonly action: Action;
}

export class Journal {
  private readonly entries: JournalEntry[] = [];

  record(entry: JournalEntry): void {
    this.entries.push(entry);
  }

  get length(): number {
    return this.entries.length;
  }

  all(): readonly JournalEntry[] {
    return this.entries;
  }
}
