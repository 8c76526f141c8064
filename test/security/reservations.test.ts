/**
 * Seat reservations nobody uses. `POST /matchmake/joinById/<id>` reserves a place for a
 * WebSocket that never comes; an attacker does it as fast as the server lets them, from several
 * addresses, while players whose connections dropped (or whose server restarted) come back with
 * their seat tokens. Each player gets in every time, the table is never locked, the flood is
 * held to its bounds with codes the client translates, and its reservations run out.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { matchMaker } from "@colyseus/core";
import { Client } from "colyseus.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readConfig } from "../../server/config";
import { PENDING_PER_ADDRESS, RESERVATION_SECONDS } from "../../server/table/admission";
import {
  hello,
  startTestServer,
  type TableRoom,
  type TestServer,
  waitFor,
} from "../server/harness";

/** As behind a reverse proxy on loopback: each address is the one the proxy forwards. */
const PROXIED = readConfig({ TRUST_PROXY: "loopback" }, { clientDir: "/nonexistent" });
const MAX_SPECTATORS = 20;

function serverAt(dataDir: string | null = null): Promise<TestServer> {
  return startTestServer({
    maxSpectators: MAX_SPECTATORS,
    trustProxy: PROXIED.trustProxy,
    maxConnectionsPerAddress: PROXIED.maxConnectionsPerAddress,
    dataDir,
    // People come back long before a stand-in would move for them.
    graceMs: 60_000,
  });
}

interface Answer {
  /** When the request was sent and its answer arrived (ms, this process's clock). */
  readonly sent: number;
  readonly at: number;
  readonly ok: boolean;
  readonly code: number;
  readonly error: string;
}

/** One matchmaking call that reserves a place and never uses it. */
async function reserve(
  t: TestServer,
  table: string,
  address: string,
  options: Record<string, unknown> = { spectate: true },
): Promise<Answer> {
  const sent = performance.now();
  const res = await fetch(`${t.http}/matchmake/joinById/${table}`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": address },
    body: JSON.stringify(options),
  });
  const body = (await res.json()) as { sessionId?: string; code?: number; error?: string };
  return {
    sent,
    at: performance.now(),
    ok: typeof body.sessionId === "string",
    code: body.code ?? 0,
    error: body.error ?? "",
  };
}

/** The leading code of a refused join's error (`table/full: …`). */
const codeOf = (a: Answer) => /^([a-z]+\/[a-z-]+):/.exec(a.error)?.[1] ?? a.error;

/**
 * Keeps reserving from each address, `burst` calls at once, until stopped; checks after each
 * burst whether the table is locked. `until` resolves once the answers so far (in order of
 * arrival) satisfy a condition.
 */
function flood(t: TestServer, table: string, addresses: readonly string[], burst = 10) {
  const answers = new Map<string, Answer[]>(addresses.map((a) => [a, []]));
  const all = () => [...answers.values()].flat().sort((a, b) => a.at - b.at);
  const waiting: { test: (as: Answer[]) => boolean; done: () => void }[] = [];
  let stopped = false;
  let lockedSeen = 0;
  const runs = addresses.map(async (address) => {
    while (!stopped) {
      const got = await Promise.all(
        Array.from({ length: burst }, () => reserve(t, table, address)),
      );
      answers.get(address)!.push(...got);
      if (matchMaker.getLocalRoomById(table)?.locked) lockedSeen++;
      const sorted = all();
      for (const w of waiting.splice(0)) {
        if (w.test(sorted)) w.done();
        else waiting.push(w);
      }
      // An attacker's pace, not a wait for the server: each address keeps a burst in flight.
      await new Promise((r) => setTimeout(r, 200));
    }
  });
  return {
    answers,
    all,
    until: (test: (as: Answer[]) => boolean) =>
      new Promise<void>((done) => waiting.push({ test, done })),
    locked: () => lockedSeen,
    stop: async () => {
      stopped = true;
      await Promise.all(runs);
    },
  };
}

/** A client whose calls come, as far as the server can tell, from `address`. */
const clientAt = (t: TestServer, address: string) =>
  new Client(t.url, { headers: { "X-Forwarded-For": address } });

/** A xiangqi table in play between two people; the guest's seat token. */
async function tableInPlay(t: TestServer) {
  const host = (await t
    .client()
    .create("table", { game: "xiangqi", name: "H", seat: 0 })) as TableRoom;
  const guest = (await t.client().joinById(host.roomId, { name: "G", seat: 1 })) as TableRoom;
  for (const room of [host, guest]) room.onMessage("closing", () => undefined);
  const { token } = (await hello(guest)).seats[0]!;
  host.send("start");
  await waitFor(host, (s) => s.phase === "playing");
  return { host, guest, token, id: host.roomId };
}

/**
 * Drops the guest's connection and brings them back with the seat token, `times` times, each
 * through `via(i)`; resolves with the failures (none expected).
 */
async function rejoinLoop(
  table: { host: TableRoom; guest: TableRoom; token: string; id: string },
  times: number,
  via: (i: number) => Client,
): Promise<string[]> {
  const refused: string[] = [];
  for (let i = 0; i < times; i++) {
    await table.guest.leave(false);
    await waitFor(table.host, (s) => !s.seats[1]!.connected);
    try {
      table.guest = (await via(i).joinById(table.id, { seatToken: table.token })) as TableRoom;
    } catch (e) {
      refused.push(String((e as Error).message));
      continue;
    }
    expect((await hello(table.guest)).role).toBe("player");
    await waitFor(table.host, (s) => s.seats[1]!.connected);
  }
  return refused;
}

describe("seat reservations nobody uses", () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await serverAt();
  });
  afterAll(() => t?.close());

  it("takes a bounded number from one address, refuses the rest with a code, and lets everyone else in", async () => {
    const table = await tableInPlay(t);
    // The attack as it was found: 33 reservations from one address at once.
    const burst = await Promise.all(
      Array.from({ length: 33 }, () => reserve(t, table.id, "10.9.0.1")),
    );
    const taken = burst.filter((a) => a.ok).length;
    const refused = burst.filter((a) => !a.ok);
    expect(taken).toBe(PENDING_PER_ADDRESS);
    expect(new Set(refused.map(codeOf))).toEqual(new Set(["table/joins-pending"]));
    expect(refused.every((a) => a.code === 4216)).toBe(true);
    expect(matchMaker.getLocalRoomById(table.id)?.locked).toBe(false);

    // Another address watches, and the player whose connection dropped comes back, even from
    // the flooding address itself.
    const watcher = (await clientAt(t, "10.9.0.2").joinById(table.id, {
      spectate: true,
    })) as TableRoom;
    expect((await hello(watcher)).role).toBe("spectator");
    expect(
      await rejoinLoop(table, 2, (i) => (i === 0 ? t.client() : clientAt(t, "10.9.0.1"))),
    ).toEqual([]);
    await Promise.all([watcher.leave(), table.guest.leave(), table.host.leave()]);
  });

  it("kept up from three addresses: every seat-token rejoin gets in, the table is never locked, and reservations run out", async () => {
    const table = await tableInPlay(t);
    const addresses = ["10.8.0.1", "10.8.0.2", "10.8.0.3"];
    const f = flood(t, table.id, addresses);
    // The rejoins start once the flood holds as many places as it can.
    const firstFull = (as: Answer[]) => as.find((a) => codeOf(a) === "table/full");
    await f.until((as) => firstFull(as) !== undefined);
    const refused = await rejoinLoop(table, 12, (i) =>
      i % 2 === 0 ? t.client() : clientAt(t, addresses[i % addresses.length]!),
    );
    // Kept up until the first reservations have run out and the flood gets places again.
    const refill = (as: Answer[]) => {
      const full = firstFull(as);
      return full ? as.find((a) => a.ok && a.sent > full.at) : undefined;
    };
    await f.until((as) => refill(as) !== undefined);
    await f.stop();

    expect(refused).toEqual([]);
    expect(f.locked()).toBe(0);
    const answers = f.all();
    expect(answers.some((a) => /locked/i.test(a.error))).toBe(false);
    const codes = new Set(answers.filter((a) => !a.ok).map(codeOf));
    // Which of the bounds an address meets first depends on how its calls interleave with the
    // others'; every refusal names one of them.
    expect(codes.has("table/full")).toBe(true);
    expect([...codes].every((c) => c === "table/full" || c === "table/joins-pending")).toBe(true);
    const first = answers.find((a) => a.ok)!;
    // Until the first reservation runs out none does: the places taken stay within the bounds.
    const window = (a: Answer) => a.ok && a.at < first.sent + RESERVATION_SECONDS * 1000;
    expect(answers.filter(window).length).toBeLessThanOrEqual(MAX_SPECTATORS);
    for (const address of addresses)
      expect(f.answers.get(address)!.filter(window).length).toBeLessThanOrEqual(
        PENDING_PER_ADDRESS,
      );
    // The flood's places come free RESERVATION_SECONDS after they were taken, not later.
    const again = refill(answers)!;
    const held = again.at - first.sent;
    console.info(
      `reservations: ${answers.length} calls, ${answers.filter((a) => a.ok).length} taken, ` +
        `${12 - refused.length}/12 seat-token rejoins in, places free again after ${Math.round(held)} ms`,
    );
    expect(held).toBeGreaterThanOrEqual(RESERVATION_SECONDS * 1000);
    expect(again.at - firstFull(answers)!.at).toBeLessThan(RESERVATION_SECONDS * 1000 + 3000);
    await Promise.all([table.guest.leave(), table.host.leave()]);
  }, 60_000);
});

describe("seat reservations nobody uses, after a restart", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "reservations-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("lets every player back with their seat token while the flood goes on", async () => {
    const first = await serverAt(dir);
    const table = await tableInPlay(first);
    const hostToken = (await hello(table.host)).seats[0]!.token;
    await first.server.stop();

    const t = await serverAt(dir);
    try {
      expect(matchMaker.getLocalRoomById(table.id)).toBeDefined();
      const f = flood(t, table.id, ["10.7.0.1", "10.7.0.2", "10.7.0.3"]);
      await f.until((as) => as.some((a) => !a.ok));
      const host = (await clientAt(t, "10.7.0.1").joinById(table.id, {
        seatToken: hostToken,
      })) as TableRoom;
      const guest = (await t.client().joinById(table.id, { seatToken: table.token })) as TableRoom;
      expect((await hello(host)).role).toBe("player");
      expect((await hello(guest)).role).toBe("player");
      await waitFor(host, (s) => s.seats.every((x) => x.connected));
      await f.stop();
      expect(f.locked()).toBe(0);
      await Promise.all([host.leave(), guest.leave()]);
    } finally {
      await t.close();
    }
  }, 60_000);
});
