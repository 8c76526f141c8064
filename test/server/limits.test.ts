import { describe, expect, it } from "vitest";
import { hello, type TableRoom, useTestServer, waitFor } from "./harness";

const t = useTestServer({ maxSpectators: 2, matchmakePerMinute: 12 });

describe("bounds", () => {
  it("takes a bounded number of spectators, but always lets a seat holder back in", async () => {
    const host = (await t
      .client()
      .create("table", { game: "xiangqi", name: "H", seat: 0 })) as TableRoom;
    const guest = (await t.client().joinById(host.roomId, { name: "G", seat: 1 })) as TableRoom;
    const { token } = (await hello(guest)).seats[0]!;
    host.send("start");
    await waitFor(host, (s) => s.phase === "playing");
    const w1 = await t.client().joinById(host.roomId, { spectate: true });
    const w2 = await t.client().joinById(host.roomId, { spectate: true });
    await expect(t.client().joinById(host.roomId, { spectate: true })).rejects.toThrow(
      /table\/full/,
    );
    await guest.leave(false);
    await waitFor(host, (s) => !s.seats[1]!.connected);
    const back = (await t.client().joinById(host.roomId, { seatToken: token })) as TableRoom;
    await waitFor(host, (s) => s.seats[1]!.connected);
    await Promise.all([w1.leave(), w2.leave(), back.leave(), host.leave()]);
  });

  it("answers a flood of messages with rate/limited and keeps the connection", async () => {
    const room = (await t
      .client()
      .create("table", { game: "fourchess", name: "F", seat: 0 })) as TableRoom;
    const codes: string[] = [];
    room.onMessage("error", (e: { code: string }) => codes.push(e.code));
    for (let i = 0; i < 80; i++) room.send("stand");
    // The bucket refills at 10 messages a second: a moment later the table answers again.
    await new Promise((r) => setTimeout(r, 300));
    await hello(room);
    expect(codes).toContain("rate/limited");
    expect(room.connection.isOpen).toBe(true);
    await room.leave();
  });

  it("limits how fast one address can try table codes", async () => {
    let limited = false;
    for (let i = 0; i < 20 && !limited; i++) {
      try {
        await t.client().joinById(`QQQQ${String(i).padStart(2, "2")}`.slice(0, 6), {});
      } catch (e) {
        limited = /Too many table requests/.test(String((e as Error).message));
      }
    }
    expect(limited).toBe(true);
  });
});
