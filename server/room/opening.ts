/**
 * What a table room opens for, and the id it takes: a table brought back from the store keeps
 * its id, a new table draws a code (public and private alike).
 */
import type { Room } from "@colyseus/core";
import { refusal } from "../../shared/core/errors";
import { parseRules } from "../../shared/match/houseRules";
import { defaultRules, type HouseRules } from "../../shared/match/rules";
import { normaliseCode } from "../../shared/protocol/codes";
import { type CreateOptions, parseCreateOptions } from "../../shared/protocol/messages";
import type { StoredTable } from "../store/types";
import { STORE_DOWN } from "../table/table";
import { claimCode, claimThisCode, randomCode } from "./codes";
import type { TableConfig } from "./config";
import { joinError } from "./tableClient";

export interface Opening {
  readonly options: CreateOptions;
  readonly rules: HouseRules;
  /** The stored table to bring back, or null for a new one. */
  readonly restoring: StoredTable | null;
}

/**
 * The table that `raw.restore` names among those waiting to come back, or a new one from the
 * creator's options; a refusal is thrown as the join error the creator reads.
 */
export function openingOf(raw: Record<string, unknown>, config: TableConfig): Opening {
  const restoring =
    (typeof raw.restore === "string" ? config.restoring.get(raw.restore) : undefined) ?? null;
  if (restoring) config.restoring.delete(restoring.table.id);
  else {
    // A new table would start on a store that cannot take its first write, or take room the
    // games in play need (the disk is under its free-space watermark).
    const refused = config.store.status.refusesTables;
    if (refused === "store/unavailable") throw joinError(STORE_DOWN);
    if (refused) throw joinError(refusal(refused));
  }
  const parsed = parseCreateOptions(restoring ? restoring.table.options : raw);
  if (!parsed.ok) throw joinError(parsed.error);
  const options = parsed.value;
  const rules = parseRules(options.game, options.rules, defaultRules(options.game));
  if (!rules.ok) throw joinError(rules.error);
  if (rules.value.rated && (options.mode === "computer" || options.mode === "hotseat"))
    throw joinError(refusal("rated/mode"));
  return { options, rules: rules.value, restoring };
}

/** Gives the room its table's id; the code it holds in presence, or null for an older id. */
export async function takeTableId(
  room: Room,
  opening: Opening,
  config: TableConfig,
): Promise<string | null> {
  const { options, restoring } = opening;
  let code: string | null = null;
  if (restoring) {
    room.roomId = restoring.table.id;
    // A table stored before every table had a code keeps the id it was known by until it
    // closes: its players' links and seat tokens name it.
    if (normaliseCode(room.roomId) === room.roomId) {
      if (!(await claimThisCode(room.presence, room.roomId)))
        throw new Error(`table code ${room.roomId} is taken`);
      code = room.roomId;
    }
    // Nobody is connected yet: the players have as long to come back as after a dropped
    // connection; a table nobody came back to is parked again (the room goes, the table stays).
    room.autoDispose = false;
    room.clock.setTimeout(() => {
      if (room.clients.length === 0) void room.disconnect();
      else room.autoDispose = true;
    }, config.holdSeconds * 1000);
  } else {
    // Every new table, public or private, is known by a code; not one a parked table keeps.
    code = await claimCode(room.presence, randomCode, (c) => config.store.holdsTable(c));
    room.roomId = code;
  }
  if (options.private) await room.setPrivate(true);
  return code;
}
