/**
 * Erasure at a live table (`Table.erasePerson`): the person's seat goes by no name at once,
 * their moves and seat stay theirs; coming back with the seat token alone brings no name back
 * (a name sent then is theirs again); a restart replays the store's rewritten actions to the
 * same names; a hash no seat token here has changes nothing.
 */
import { describe, expect, it } from "vitest";
import { nameOf } from "../../server/table/connection";
import { hashToken } from "../../server/table/tokens";
import { ERASED_NAME } from "../../shared/protocol/erased";
import { connection, joinOptions, rig, settle } from "./rig";

/** Ana at seat 0 and Budi at seat 1 of a xiangqi table, with Ana's seat token. */
function seated() {
  const r = rig({ game: "xiangqi", name: "Ana" });
  const ana = r.join({ name: "Ana", seat: 0 });
  const budi = r.join({ name: "Budi", seat: 1 });
  for (const c of [ana, budi]) r.table.request("hello", c, undefined);
  const token = ana.last<{ token: string }>("seat")!.token;
  return { r, ana, budi, token };
}

describe("erasure at a live table", () => {
  it("names the person's seat with no name at once, for everyone", async () => {
    const { r, ana, token } = seated();
    const changed = r.published.changed;
    const player = r.table.match.seats[0]?.player;
    expect(r.table.erasePerson({ tokenHash: hashToken(token) })).toBe(true);
    expect(r.table.match.seats.map((s) => [s.kind, s.name])).toEqual([
      ["human", ERASED_NAME],
      ["human", "Budi"],
    ]);
    // Still their seat.
    expect(r.table.match.seats[0]?.player).toBe(player);
    expect(nameOf(ana)).toBe(ERASED_NAME);
    expect(r.published.changed).toBeGreaterThan(changed);
    await settle();
  });

  it("brings no name back with the seat token alone; a name sent then is theirs", async () => {
    const { r, token } = seated();
    r.table.erasePerson({ tokenHash: hashToken(token) });
    const back = connection();
    r.connections.push(back);
    r.table.join(back, joinOptions({ name: "", seatToken: token }), "192.0.2.1");
    expect(nameOf(back)).toBe(ERASED_NAME);
    const named = connection();
    r.connections.push(named);
    r.table.join(named, joinOptions({ name: "Anna", seatToken: token }), "192.0.2.1");
    expect(nameOf(named)).toBe("Anna");
    await settle();
  });

  it("comes back after a restart with the names the store rewrote", async () => {
    const { r, token } = seated();
    const who = { tokenHash: hashToken(token) };
    r.table.erasePerson(who);
    await r.store.erasePerson(who);
    r.table.close(false);
    const [stored] = await r.store.openTables();
    const again = rig({ game: "xiangqi", name: "Ana" }, { store: r.store, restoring: stored! });
    expect(again.table.match.seats.map((s) => s.name)).toEqual([ERASED_NAME, "Budi"]);
    expect(stored?.table.options.name).toBe(ERASED_NAME);
    await settle();
  });

  it("changes nothing for a token nobody here holds", () => {
    const { r } = seated();
    const before = r.table.match;
    expect(r.table.erasePerson({ tokenHash: hashToken("someone-else") })).toBe(false);
    expect(r.table.match).toBe(before);
  });
});
