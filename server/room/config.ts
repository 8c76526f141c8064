/** What the server gives every table room it opens (server/gameServer.ts). */
import type { Action, Match, MoveBy } from "../../shared/match/match";
import type { BotDriver } from "../bots/driver";
import type { GuardLimits } from "../edge/guard";
import type { PenaltyBox } from "../edge/penalty";
import type { AbuseLog } from "../ops/log";
import type { StoredTable, TableStore } from "../store/types";
import type { ArchiveBudget } from "../table/archiveBudget";
import type { ParkingRules } from "../table/parking";

export interface TableConfig {
  readonly bots: BotDriver;
  /** A dropped player's turn waits this long before the stand-in moves. */
  readonly graceMs: number;
  /** How long a four-player quick-play table waits after its second person sat. */
  readonly quickWaitMs: number;
  /** How long a dropped connection may come back with its reconnection token. */
  readonly holdSeconds: number;
  /** Milliseconds in one turn-timer second. */
  readonly timerSecondMs: number;
  /** Seeds the CPU players of each new table; random per table when absent. */
  readonly cpuSeed?: () => number;
  readonly maxSpectators: number;
  /** What one connection may send (messages per second, burst, when to drop it). */
  readonly guard: GuardLimits;
  readonly abuse: AbuseLog;
  readonly penalties: PenaltyBox;
  /** How long tables nobody is at are kept, and how many per address. */
  readonly parking: ParkingRules;
  /** Where accepted actions, seat tokens and finished games are kept. */
  readonly store: TableStore;
  /** Tables read back from the store on start, by id, waiting for their rooms. */
  readonly restoring: Map<string, StoredTable>;
  /** Set while the server stops: tables disposed then come back on the next start. */
  readonly lifecycle: { stopping: boolean };
  /** Marks a new table as this process's before it is stored (processes sharing a store). */
  readonly claim?: (tableId: string) => Promise<void>;
  /** Bounds the finished games archived per opening address (`ARCHIVE_GAMES_PER_HOUR`). */
  readonly archiveBudget?: ArchiveBudget;
  /** Told of each accepted action and how long its commit took, in ms (metrics). */
  readonly onCommit?: (game: Match["gameId"], action: Action, ms: number, by?: MoveBy) => void;
}
