/**
 * Hostile Unicode through every string a client can put into a table's state (the name in the
 * create and join options, taken at a seat on joining or with `sit`) and through the other
 * string fields of options and messages, from real colyseus.js clients; spectators who were
 * there before and who came after decode every seat's player id and cleaned name, later
 * patches still decode, and colyseus.js logs no decode error. Seeded: every run is the same.
 */
import { Decoder, Encoder } from "@colyseus/schema";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { SeatSchema, TableSchema } from "../../server/room/state";
import { type Random, seeded } from "../../shared/core/random";
import { cleanName } from "../../shared/protocol/text";
import type { TableView } from "../../shared/protocol/views";
import {
  hello,
  playFirstLegal,
  startTestServer,
  type TableRoom,
  type TestServer,
  waitFor,
} from "../server/harness";
import { randomText } from "./unicodekit";

const int = (r: Random, n: number) => Math.floor(r() * n);

/** The names the outside report found breaking every client's decoder. */
const REPORTED = [
  `${"a".repeat(23)}😀`,
  `Ana${"🎉".repeat(20)}`,
  "abc\ud83d",
  "x\u0085\u009By\u202E",
];

/** Strings in every other place a client can put one: all refused or ignored, none shown. */
function hostileOptions(r: Random): Record<string, unknown> {
  const text = () => randomText(r, 200);
  return one(r, [
    { rules: { cpuLevel: text() } },
    { rules: { handicap: text() } },
    { rules: { [text()]: true } },
    { game: text() },
    { format: text() },
    { mode: text() },
    { seatToken: text() },
    { seat: text() },
  ]);
}
const one = <T>(r: Random, xs: readonly T[]): T => xs[int(r, xs.length)] as T;

function hostileMessages(r: Random, room: TableRoom): void {
  const text = () => randomText(r, 200);
  room.send("rules", { rules: { cpuLevel: text(), handicap: text() } });
  room.send("move", { from: text(), to: text(), promotion: text() });
  room.send("draw", { action: text() });
  room.send("takeback", { action: text() });
  room.send("sit", { seat: text() });
  room.send(randomText(r, 32), { name: text() });
}

/** What every client must decode: each seat's player id and cleaned name, and the host. */
function intact(s: TableView, ids: readonly string[], names: readonly string[]): boolean {
  return (
    s.host === ids[0] &&
    s.seats.length === ids.length &&
    s.seats.every(
      (seat, i) => seat.kind === "human" && seat.player === ids[i] && seat.name === names[i],
    )
  );
}

let t: TestServer;
const logged: string[] = [];
/** What colyseus.js says on the console about what the test does on purpose. */
const EXPECTED = [
  /^warn: colyseus\.js: onMessage\(\) not registered for type '(seat|error)'\.$/,
  // A create whose join options are refused: the room was made, the connection is refused.
  /^warn: colyseus\.js - onError => \(4216\) payload\/invalid: /,
  /^warn: Room connection was closed unexpectedly \(4002\): $/,
  /^warn: colyseus\.js - onError => \(4002\) $/,
];
const unexpected = () => logged.filter((line) => !EXPECTED.some((e) => e.test(line)));

beforeAll(async () => {
  t = await startTestServer();
  // colyseus.js reports a broken patch on the console ("utf8Read(): Invalid byte", "definition
  // mismatch") and goes on with a misaligned state.
  for (const level of ["error", "warn"] as const)
    vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
      logged.push(`${level}: ${args.map(String).join(" ")}`);
    });
});

afterAll(async () => {
  vi.restoreAllMocks();
  await t?.close();
});

async function table(r: Random, game: "fourchess" | "xiangqi", raw: readonly string[]) {
  const seats = raw.length;
  // A create with a hostile string elsewhere in its options is refused, and changes nothing.
  await expect(
    t.client().create("table", { game, name: raw[0], seat: 0, ...hostileOptions(r) }),
  ).rejects.toThrow();
  const rooms: TableRoom[] = [
    (await t.client().create("table", { game, name: raw[0], seat: 0 })) as TableRoom,
  ];
  const id = rooms[0]!.roomId;
  const early = (await t.client().joinById(id, {
    name: randomText(r),
    spectate: true,
  })) as TableRoom;
  for (let seat = 1; seat < seats; seat++) {
    // Half sit on joining, half watch first and then ask for the seat.
    const sitLater = r() < 0.5;
    const room = (await t
      .client()
      .joinById(
        id,
        sitLater ? { name: raw[seat], spectate: true } : { name: raw[seat], seat },
      )) as TableRoom;
    if (sitLater) room.send("sit", { seat });
    rooms.push(room);
  }
  // Connections closed before the test leaves them (none should be).
  const dropped: string[] = [];
  for (const room of [early, ...rooms])
    room.onLeave((code) => dropped.push(`${room.sessionId} closed with ${code}`));
  const ids: string[] = [];
  for (const room of rooms) {
    hostileMessages(r, room);
    ids.push((await hello(room)).player);
  }
  const late = (await t
    .client()
    .joinById(id, { name: randomText(r), spectate: true })) as TableRoom;
  late.onLeave((code) => dropped.push(`${late.sessionId} closed with ${code}`));
  // A name that cleans to nothing goes as none: each reader's page has its own word for it.
  const names = raw.map((x) => cleanName(x, ""));
  for (const viewer of [early, late, ...rooms]) await waitFor(viewer, (s) => intact(s, ids, names));

  // The patches after the names decode too: the host starts, the first player moves.
  rooms[0]!.send("start");
  await waitFor(rooms[0]!, (s) => s.phase === "playing");
  const mover = rooms[(await waitFor(rooms[0]!, (s) => s.turn >= 0)).turn]!;
  await waitFor(mover, (s) => s.phase === "playing");
  playFirstLegal(mover);
  for (const viewer of [early, late, ...rooms]) {
    const s = await waitFor(viewer, (x) => x.moves.length === 1);
    expect(intact(s, ids, names)).toBe(true);
  }
  expect(dropped).toEqual([]);
  await Promise.all([early, late, ...rooms].map((room) => room.leave()));
  return names;
}

describe("hostile Unicode in names and options (seeded)", () => {
  it("the names from the outside report reach every client cleaned and intact", async () => {
    const names = await table(seeded(1), "fourchess", REPORTED);
    expect(names).toEqual(["a".repeat(23), `Ana${"🎉".repeat(10)}`, "abc", "x y"]);
    expect(unexpected()).toEqual([]);
  });

  it("random names at four-player and xiangqi tables", async () => {
    const r = seeded(7331);
    for (let n = 0; n < 12; n++) {
      const game = n % 3 === 2 ? "xiangqi" : "fourchess";
      const raw = Array.from({ length: game === "xiangqi" ? 2 : 4 }, () => randomText(r));
      await table(r, game, raw);
    }
    expect(unexpected()).toEqual([]);
  });
});

describe("a lone surrogate that reaches the encoder anyway", () => {
  it("goes out as U+FFFD, and the fields after it decode", () => {
    const state = new TableSchema();
    const encoder = new Encoder(state);
    const copy = new TableSchema();
    const decoder = new Decoder(copy);
    const seat = new SeatSchema();
    seat.name = "abc\ud83d";
    seat.player = "p1";
    state.seats.push(seat);
    state.host = "\ude00";
    decoder.decode(encoder.encodeAll());
    expect(copy.seats[0]?.name).toBe("abc\uFFFD");
    expect(copy.seats[0]?.player).toBe("p1");
    expect(copy.host).toBe("\uFFFD");
    expect(unexpected()).toEqual([]);
  });
});
