/**
 * The parked tables of the store, seen from a server process (server/table/parking.ts): one is
 * brought back into a room here on the first join by its code or a seat token, and one parked
 * longer than the keeping time ends by the abandoned rule, its game archived as it closes. With
 * several processes sharing the store, a table's lease (scale/leases.ts) decides which process
 * opens or ends it; the others wait for its room to be listed.
 */
import { matchMaker } from "@colyseus/core";
import { parseRules } from "../../shared/match/houseRules";
import { defaultRules } from "../../shared/match/rules";
import { ROOM_NAME } from "../../shared/protocol/messages";
import { log } from "../ops/log";
import type { TableClaims } from "../scale/leases";
import type { StoredTable, TableStore } from "../store/types";
import { expiredGameOf } from "../table/parking";
import { startOf } from "../table/table";
import { releaseCode } from "./codes";
import type { TableConfig } from "./config";

/** How long a join waits for a table another process is bringing back to be listed. */
const LISTED_WITHIN_MS = 3000;
/** Parked tables ended per sweep; the rest wait for the next. */
const SWEEP_BATCH = 200;

export class ParkedTables {
  /** Tables being brought back or ended in this process, by id. */
  private readonly busy = new Map<string, Promise<boolean>>();

  constructor(
    private readonly store: TableStore,
    private readonly claims: TableClaims,
    private readonly config: TableConfig,
  ) {}

  /**
   * Brings the parked table with this id back into a room: true once a room holds it (this
   * process's, or another's that brought it back first), false when no such table is stored.
   */
  revive(id: string): Promise<boolean> {
    return this.once(id, () => this.open(id));
  }

  /** Ends the parked tables whose keeping time is over; resolves with how many were ended. */
  async expire(now: number): Promise<number> {
    let ended = 0;
    for (const id of await this.store.parkedExpired(now, SWEEP_BATCH))
      if (await this.once(id, () => this.end(id))) ended++;
    return ended;
  }

  private once(id: string, run: () => Promise<boolean>): Promise<boolean> {
    const running = this.busy.get(id);
    if (running) return running;
    const started = run().finally(() => this.busy.delete(id));
    this.busy.set(id, started);
    return started;
  }

  private async open(id: string): Promise<boolean> {
    if (!(await this.store.holdsTable(id))) return false;
    if (!(await this.claims.claim(id))) return listed(id);
    // Read once it is this process's: its last holder's writes are all in the store by then.
    const stored = await this.store.storedTable(id);
    if (!stored) {
      await this.claims.release(id);
      return false;
    }
    this.config.restoring.set(id, stored);
    try {
      await matchMaker.handleCreateRoom(ROOM_NAME, { restore: id });
      log.info(
        { event: "table/returned", table: id, actions: stored.actions.length },
        "someone came back to a parked table: it is open again",
      );
      return true;
    } catch (err) {
      log.error(
        { event: "restore/failed", table: id, reason: (err as Error).message },
        "a parked table could not be opened; it stays parked",
      );
      await this.claims.release(id);
      return false;
    } finally {
      this.config.restoring.delete(id);
    }
  }

  /** Ends a table parked too long, unless a room holds it again: true when it was ended. */
  private async end(id: string): Promise<boolean> {
    if (matchMaker.getLocalRoomById(id)) return false;
    if (!(await this.claims.claim(id))) return false;
    try {
      const stored = await this.store.storedTable(id);
      if (!stored) return false;
      const now = Date.now();
      const game = this.lastGame(stored, now);
      this.store.closeTable(id, game);
      await this.store.flushed(id);
      await releaseCode(matchMaker.presence, id);
      log.info(
        { event: "table/expired", table: id, archived: game?.id ?? null },
        "a table nobody came back to was kept its time: it ended",
      );
      return true;
    } finally {
      await this.claims.release(id);
    }
  }

  private lastGame(stored: StoredTable, now: number) {
    const { options } = stored.table;
    const rules = parseRules(options.game, options.rules, defaultRules(options.game));
    if (!rules.ok) return null;
    return expiredGameOf(stored, startOf(options, rules.value, this.config), now);
  }
}

/** Whether another process's room for the table is listed within LISTED_WITHIN_MS. */
async function listed(id: string): Promise<boolean> {
  const until = Date.now() + LISTED_WITHIN_MS;
  while (Date.now() < until) {
    if (await matchMaker.getRoomById(id)) return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return false;
}
