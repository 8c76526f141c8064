/**
 * Names that look alike at one table, from real clients: invisible characters are gone and
 * look-alike letters or another case do not pass for someone else, so every person at the
 * table reads four different names.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { startTestServer, type TableRoom, type TestServer, waitFor } from "../server/harness";

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t?.close());

it("seats Ana, Ana with a variation selector, Ana in Cyrillic and ana with tags apart", async () => {
  const host = (await t.client().create("table", {
    game: "fourchess",
    name: "Ana",
    seat: 0,
  })) as TableRoom;
  const others: TableRoom[] = [];
  for (const [seat, name] of ["Ana\uFE00", "\u0410na", "ana\u{E0020}\u034F"].entries())
    others.push((await t.client().joinById(host.roomId, { name, seat: seat + 1 })) as TableRoom);
  const expected = ["Ana", "Ana 2", "\u0410na 3", "ana 4"];
  for (const room of [host, ...others]) {
    const s = await waitFor(room, (x) => x.seats.every((seat) => seat.kind === "human"));
    expect(s.seats.map((seat) => seat.name)).toEqual(expected);
  }
  await Promise.all([host, ...others].map((r) => r.leave()));
});
