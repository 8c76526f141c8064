/**
 * The lobby's requests to the server's HTTP API: the public tables, this device's tables still
 * in play, and a seat at a quick-play table.
 */
import type { Format, GameId } from "../../../shared/games/catalog";
import type { ClockRule } from "../../../shared/match/rules";
import type { MyTable } from "../../../shared/protocol/messages";
import type { TableListing } from "../../../shared/protocol/views";
import { devicePlayer } from "../device/player";

/** The public tables to join or watch. */
export async function fetchTables(): Promise<TableListing[]> {
  const res = await fetch("/api/tables");
  const { tables } = (await res.json()) as { tables: TableListing[] };
  return tables;
}

/** Which of the tables this device holds a seat at are still in play; null when not answered. */
export async function fetchMyTables(
  remembered: readonly { id: string; seatToken: string }[],
): Promise<MyTable[] | null> {
  const res = await fetch("/api/tables/mine", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ tables: remembered }),
  });
  if (!res.ok) return null;
  const { tables } = (await res.json()) as { tables: MyTable[] };
  return tables;
}

/**
 * The id of a quick-play table with a free seat, in the pool of that game, format and clock (rated
 * pools apart, paired by the rating of this device's player). A refusal throws with the error's code first,
 * as the matchmaker puts it (`table/full: …`), for the lobby to show its translation.
 */
export async function quickPlayTable(
  game: GameId,
  format: Format,
  clock: ClockRule | null,
  rated = false,
): Promise<string> {
  const playerKey = devicePlayer()?.key;
  const res = await fetch("/api/quickplay", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ game, format, clock, ...(rated ? { rated, playerKey } : {}) }),
  });
  const body = (await res.json()) as { roomId?: string; code?: string; message?: string };
  if (!body.roomId) throw new Error(`${body.code ?? "quickplay/failed"}: ${body.message ?? ""}`);
  return body.roomId;
}
