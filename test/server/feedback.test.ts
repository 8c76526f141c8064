/**
 * The site's routes against a real server: feedback and its desk, recommendations, the privacy
 * facts, and feedback's retention.
 */
import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { readConfig } from "../../server/config";
import { parseTrustProxy } from "../../server/edge/address";
import { MemoryStore } from "../../server/store/memory";
import { FEEDBACK_MAX } from "../../shared/protocol/site";
import { useTestServer } from "./harness";

const PASSWORD = "the desk's password";
const DAY_MS = 86_400_000;
const DEVICE = "dev1-aaaaaaaaaaaaaaaaa";
const DEVICE2 = "dev2-bbbbbbbbbbbbbbbbb";

/** The settings as an operator writes them. */
const settings = readConfig(
  {
    ARCHIVE_DAYS: "30",
    FEEDBACK_DAYS: "45",
    TABLE_KEEP_DAYS: "3",
    FEEDBACK_PASSWORD: PASSWORD,
    FEEDBACK_PER_HOUR: "1000",
    CONTACT_EMAIL: "privacy@example.com",
  },
  { clientDir: "/nonexistent" },
);

type Json = Record<string, unknown>;

async function call(
  base: string,
  method: "GET" | "POST",
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: Json; type: string | null }> {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { ...(body !== undefined ? { "content-type": "application/json" } : {}), ...headers },
    ...(body !== undefined ? { body: typeof body === "string" ? body : JSON.stringify(body) } : {}),
  });
  return {
    status: res.status,
    body: (await res.json()) as Json,
    type: res.headers.get("content-type"),
  };
}

const bearer = (password: string) => ({ authorization: `Bearer ${password}` });
const from = (address: string) => ({ "x-forwarded-for": address });

const message = (over: Json = {}): Json => ({
  kind: "problem",
  text: "The clock stopped after a draw offer.",
  language: "en",
  ...over,
});

describe("feedback and its desk", () => {
  const t = useTestServer({
    archiveDays: settings.archiveDays,
    feedbackDays: settings.feedbackDays,
    tableKeepMs: settings.tableKeepMs,
    feedbackPassword: settings.feedbackPassword,
    feedbackPerHour: settings.feedbackPerHour,
    contactEmail: settings.contactEmail,
  });
  const desk = async (query = "") => {
    const res = await call(
      t.http,
      "GET",
      `/api/feedback/desk${query}`,
      undefined,
      bearer(PASSWORD),
    );
    expect(res.status).toBe(200);
    return res.body.items as Json[];
  };
  const change = (id: string, body: unknown, password = PASSWORD) =>
    call(t.http, "POST", `/api/feedback/desk/${id}`, body, bearer(password));

  it("takes a message, which the desk sees with its table, game, version and language", async () => {
    const sent = message({
      kind: "setting",
      game: "xiangqi",
      tableId: "ABCD12",
      gameId: "g".repeat(22),
      version: "1.4.0+abc",
      language: "pt",
      device: DEVICE,
      text: "  Um relógio mais longo, por favor.  ",
    });
    const res = await call(t.http, "POST", "/api/feedback", sent);
    expect(res.status).toBe(201);
    const id = res.body.id as string;
    expect(id).toMatch(/^[A-Za-z0-9_-]{16}$/);
    const item = (await desk()).find((i) => i.id === id);
    expect(item).toEqual({
      id,
      kind: "setting",
      game: "xiangqi",
      text: "Um relógio mais longo, por favor.",
      language: "pt",
      status: "new",
      answer: null,
      created: expect.any(Number),
      answered: null,
      tableId: "ABCD12",
      gameId: "g".repeat(22),
      version: "1.4.0+abc",
      published: false,
    });
    // The device id is kept only as a hash, and is never shown.
    expect(JSON.stringify(await desk())).not.toContain(DEVICE);
  });

  it("keeps the player (never the key) and the seat token's hash, and shows neither", async () => {
    const made = await call(t.http, "POST", "/api/players", { name: "Ana" });
    const { id: player, key } = made.body as { id: string; key: string };
    const seatToken = "s".repeat(22);
    const res = await call(
      t.http,
      "POST",
      "/api/feedback",
      message({ playerKey: key, seatToken, text: "Rated games feel slow." }),
    );
    expect(res.status).toBe(201);
    const stored = await t.server.store.feedbackItem(res.body.id as string);
    expect(stored).toMatchObject({
      authorPlayer: player,
      authorToken: createHash("sha256").update(seatToken).digest("hex"),
    });
    expect(JSON.stringify(stored)).not.toContain(key);
    const shown = JSON.stringify(await desk());
    for (const secret of [key, seatToken, player, stored?.authorToken ?? "?"])
      expect(shown).not.toContain(secret);
    // A key nobody has: the message is taken, with no player.
    const unknown = await call(
      t.http,
      "POST",
      "/api/feedback",
      message({ playerKey: "k".repeat(32) }),
    );
    expect(unknown.status).toBe(201);
    expect(await t.server.store.feedbackItem(unknown.body.id as string)).toMatchObject({
      authorPlayer: null,
      authorToken: null,
    });
  });

  it("lists a message once published, with its status and answer; never before", async () => {
    const posted = await call(t.http, "POST", "/api/feedback", message({ game: "fourchess" }));
    const id = posted.body.id as string;
    const listed = async (query = "") => {
      const res = await call(t.http, "GET", `/api/feedback${query}`);
      expect(res.status).toBe(200);
      return (res.body.items as Json[]).filter((i) => i.id === id);
    };
    expect(await listed()).toEqual([]);
    const answered = await change(id, { status: "planned", answer: "Thanks: next week." });
    expect(answered.status).toBe(200);
    expect(answered.body).toMatchObject({
      id,
      status: "planned",
      answer: "Thanks: next week.",
      answered: expect.any(Number),
      published: false,
    });
    // Answered, still not published.
    expect(await listed()).toEqual([]);
    expect((await change(id, { published: true })).body).toMatchObject({ published: true });
    const [item] = await listed();
    expect(item).toEqual({
      id,
      kind: "problem",
      game: "fourchess",
      text: "The clock stopped after a draw offer.",
      language: "en",
      status: "planned",
      answer: "Thanks: next week.",
      created: expect.any(Number),
      answered: expect.any(Number),
    });
    expect(await listed("?game=fourchess")).toHaveLength(1);
    expect(await listed("?game=xiangqi")).toEqual([]);
    expect((await call(t.http, "GET", "/api/feedback?game=chess")).status).toBe(400);
    expect((await desk("?status=planned")).map((i) => i.id)).toContain(id);
    expect((await desk("?status=declined")).map((i) => i.id)).not.toContain(id);
    // Unpublished again: gone from the list.
    await change(id, { published: false });
    expect(await listed()).toEqual([]);
  });

  it("lists the newest first", async () => {
    for (const n of [1, 2, 3]) {
      const res = await call(t.http, "POST", "/api/feedback", message({ text: `order ${n}` }));
      await change(res.body.id as string, { published: true });
    }
    const items = (await call(t.http, "GET", "/api/feedback")).body.items as Json[];
    const created = items.map((i) => i.created as number);
    expect(items.length).toBeGreaterThanOrEqual(3);
    expect(created).toEqual([...created].sort((a, b) => b - a));
    expect(items.filter((i) => String(i.text).startsWith("order ")).map((i) => i.text)).toEqual(
      expect.arrayContaining(["order 1", "order 2", "order 3"]),
    );
  });

  it("gives markup back as the same literal text, as JSON", async () => {
    const text = "<script>alert(1)</script> and <b>bold</b> & <img src=x onerror=alert(2)>";
    const posted = await call(t.http, "POST", "/api/feedback", message({ text }));
    const id = posted.body.id as string;
    const answer = "<i>answered</i> <script>alert(3)</script>";
    await change(id, { published: true, answer });
    const res = await fetch(`${t.http}/api/feedback`);
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    const item = ((await res.json()) as { items: Json[] }).items.find((i) => i.id === id);
    expect(item?.text).toBe(text);
    expect(item?.answer).toBe(answer);
    const deskRes = await call(t.http, "GET", "/api/feedback/desk", undefined, bearer(PASSWORD));
    expect(deskRes.type).toMatch(/^application\/json/);
    expect((deskRes.body.items as Json[]).find((i) => i.id === id)?.text).toBe(text);
  });

  it("refuses a message too long, empty or malformed with feedback/invalid", async () => {
    const bad: unknown[] = [
      message({ text: "x".repeat(FEEDBACK_MAX + 1) }),
      message({ text: "   \n  " }),
      message({ kind: "praise" }),
      message({ language: "fr" }),
      message({ game: "chess" }),
      message({ device: "short" }),
      message({ tableId: "<b>" }),
      message({ text: 42 }),
      [message()],
    ];
    for (const body of bad) {
      const res = await call(t.http, "POST", "/api/feedback", JSON.stringify(body));
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.body).toEqual({
        code: "feedback/invalid",
        message: expect.stringContaining(String(FEEDBACK_MAX)),
        params: { max: FEEDBACK_MAX },
      });
    }
    // Not a JSON object or array at all: as anywhere in the API.
    for (const body of [42, "text", null]) {
      const res = await call(t.http, "POST", "/api/feedback", JSON.stringify(body));
      expect(res.status).toBe(400);
      expect(res.body.code).toBe("payload/invalid");
    }
    // The longest message is taken, in any script.
    const longest = "字".repeat(FEEDBACK_MAX);
    expect((await call(t.http, "POST", "/api/feedback", message({ text: longest }))).status).toBe(
      201,
    );
  });

  it("answers hostile bodies with a 4xx code and goes on", async () => {
    const bodies = [
      "{",
      "[1,2,3]",
      "12",
      '"x"',
      "x".repeat(1024 * 1024),
      `{"text":"${"a".repeat(1024 * 1024)}"}`,
    ];
    for (const path of ["/api/feedback", "/api/recommend", "/api/feedback/desk/abcdefghijklmnop"])
      for (const body of bodies) {
        const res = await fetch(`${t.http}${path}`, {
          method: "POST",
          headers: { "content-type": "application/json", ...bearer(PASSWORD) },
          body,
        });
        expect(res.status, `${path} ${body.slice(0, 20)}`).toBeGreaterThanOrEqual(400);
        expect(res.status).toBeLessThan(500);
        expect(((await res.json()) as Json).code).toEqual(expect.any(String));
      }
    expect((await call(t.http, "GET", "/api/health")).body).toEqual({ ok: true });
  });

  it("opens the desk only with the password", async () => {
    for (const headers of [{}, bearer("not the password"), { authorization: PASSWORD }]) {
      const list = await call(t.http, "GET", "/api/feedback/desk", undefined, headers);
      expect(list.status).toBe(401);
      expect(list.body.code).toBe("http/unauthorized");
      const changed = await call(
        t.http,
        "POST",
        "/api/feedback/desk/abcdefghijklmnop",
        { status: "done" },
        headers,
      );
      expect(changed.status).toBe(401);
    }
  });

  it("answers 404 for a message that is not there, 400 for a change that is not one", async () => {
    const missing = await change("abcdefghijklmnop", { status: "done" });
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe("feedback/not-found");
    expect((await change("x", { status: "done" })).status).toBe(404);
    const posted = await call(t.http, "POST", "/api/feedback", message());
    for (const body of [{}, { status: "closed" }, { published: "yes" }, { answer: 3 }]) {
      const res = await change(posted.body.id as string, body);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe("feedback/invalid");
    }
  });

  it("counts one recommendation per device and game, which it may change", async () => {
    const counts = async () => (await call(t.http, "GET", "/api/recommendations")).body;
    expect(await counts()).toEqual({ fourchess: { yes: 0, no: 0 }, xiangqi: { yes: 0, no: 0 } });
    const say = (game: string, recommend: boolean, device: string) =>
      call(t.http, "POST", "/api/recommend", { game, recommend, device });
    expect((await say("xiangqi", true, DEVICE)).body).toEqual({ ok: true });
    await say("xiangqi", true, DEVICE);
    await say("xiangqi", false, DEVICE2);
    expect(await counts()).toEqual({ fourchess: { yes: 0, no: 0 }, xiangqi: { yes: 1, no: 1 } });
    await say("xiangqi", false, DEVICE);
    await say("fourchess", true, DEVICE);
    expect(await counts()).toEqual({ fourchess: { yes: 1, no: 0 }, xiangqi: { yes: 0, no: 2 } });
    for (const body of [
      { game: "chess", recommend: true, device: DEVICE },
      { game: "xiangqi", recommend: "yes", device: DEVICE },
      { game: "xiangqi", recommend: true },
      { game: "xiangqi", recommend: true, device: "short" },
      [],
    ]) {
      const res = await call(t.http, "POST", "/api/recommend", body);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe("recommend/invalid");
    }
  });

  it("tells what it keeps and for how long, from its settings", async () => {
    const res = await call(t.http, "GET", "/api/privacy");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      archiveDays: 30,
      tableKeepDays: 3,
      seatHoldSeconds: 1,
      feedbackDays: 45,
      addressKeyHours: 24,
      players: true,
      desk: true,
      contact: "privacy@example.com",
    });
  });

  it("deletes feedback older than FEEDBACK_DAYS in its sweep", async () => {
    const now = Date.now();
    const old = {
      id: "oldoldoldoldold1",
      kind: "other" as const,
      game: null,
      text: "from long ago",
      language: "en" as const,
      status: "new" as const,
      answer: null,
      answered: null,
      created: now - 46 * DAY_MS,
      published: true,
      tableId: null,
      gameId: null,
      version: null,
      authorToken: null,
      authorPlayer: null,
    };
    await t.server.store.addFeedback(old);
    await t.server.store.addFeedback({ ...old, id: "recentrecentrec1", created: now - DAY_MS });
    const ids = async () => (await desk()).map((i) => i.id);
    expect(await ids()).toEqual(expect.arrayContaining([old.id, "recentrecentrec1"]));
    await t.server.prune(now);
    expect(await ids()).not.toContain(old.id);
    expect(await ids()).toContain("recentrecentrec1");
    // As the sweep sees it 45 days on, the recent one is past its time too.
    await t.server.prune(now + 45 * DAY_MS);
    expect(await ids()).not.toContain("recentrecentrec1");
  });
});

describe("feedback's limits", () => {
  const t = useTestServer({
    feedbackPassword: PASSWORD,
    feedbackPerHour: 2,
    // The addresses the tests give in X-Forwarded-For are believed.
    trustProxy: parseTrustProxy("loopback"),
    maxConnectionsPerAddress: 0,
  });
  const post = (address: string, over: Json = {}) =>
    call(t.http, "POST", "/api/feedback", message(over), from(address));

  it("limits messages per address", async () => {
    expect((await post("10.0.1.1", { device: "a".repeat(22) })).status).toBe(201);
    expect((await post("10.0.1.1", { device: "b".repeat(22) })).status).toBe(201);
    const third = await post("10.0.1.1", { device: "c".repeat(22) });
    expect(third.status).toBe(429);
    expect(third.body.code).toBe("rate/limited");
    expect((await post("10.0.1.1")).status).toBe(429);
    expect((await post("10.0.1.2")).status).toBe(201);
  });

  it("limits messages per device, whatever the address", async () => {
    const device = "d".repeat(22);
    expect((await post("10.0.2.1", { device })).status).toBe(201);
    expect((await post("10.0.2.2", { device })).status).toBe(201);
    expect((await post("10.0.2.3", { device })).status).toBe(429);
    // Without the device only the address counts.
    expect((await post("10.0.2.3")).status).toBe(201);
  });

  it("shuts the desk to an address after ten wrong passwords, even to the right one", async () => {
    const guess = (password: string, address: string) =>
      call(t.http, "GET", "/api/feedback/desk", undefined, {
        ...bearer(password),
        ...from(address),
      });
    for (let i = 0; i < 10; i++)
      expect((await guess(`wrong guess ${i}`, "10.0.3.1")).status).toBe(401);
    expect((await guess("wrong guess 11", "10.0.3.1")).status).toBe(429);
    expect((await guess(PASSWORD, "10.0.3.1")).status).toBe(429);
    expect((await guess(PASSWORD, "10.0.3.2")).status).toBe(200);
  });

  it("limits recommendations per address", async () => {
    let last = 0;
    for (let i = 0; i < 21; i++) {
      const device = `${String(i).padStart(2, "0")}${"r".repeat(20)}`;
      last = (
        await call(
          t.http,
          "POST",
          "/api/recommend",
          { game: "xiangqi", recommend: true, device },
          from("10.0.4.1"),
        )
      ).status;
      if (i < 20) expect(last).toBe(200);
    }
    expect(last).toBe(429);
  });
});

/** A store that cannot take feedback or recommendations now (its disk is full). */
class FullStore extends MemoryStore {
  override async addFeedback(): Promise<void> {
    throw Object.assign(new Error("store: cannot write (disk full)"), { code: "SQLITE_FULL" });
  }
  override async recommend(): Promise<void> {
    throw Object.assign(new Error("store: cannot write (disk full)"), { code: "SQLITE_FULL" });
  }
}

describe("a store that cannot write", () => {
  const t = useTestServer({ feedbackPassword: PASSWORD }, 0, undefined, new FullStore());

  it("answers 503 store/unavailable, and the server goes on", async () => {
    const posted = await call(t.http, "POST", "/api/feedback", message());
    expect(posted.status).toBe(503);
    expect(posted.body.code).toBe("store/unavailable");
    const said = await call(t.http, "POST", "/api/recommend", {
      game: "xiangqi",
      recommend: true,
      device: DEVICE,
    });
    expect(said.status).toBe(503);
    expect(said.body.code).toBe("store/unavailable");
    expect((await call(t.http, "GET", "/api/health")).body).toEqual({ ok: true });
  });
});

describe("a server without FEEDBACK_PASSWORD", () => {
  const t = useTestServer({ feedbackPassword: null });

  it("has no desk, and says so", async () => {
    for (const [method, path] of [
      ["GET", "/api/feedback/desk"],
      ["POST", "/api/feedback/desk/abcdefghijklmnop"],
    ] as const) {
      const res = await call(
        t.http,
        method,
        path,
        method === "POST" ? { status: "done" } : undefined,
        bearer(PASSWORD),
      );
      expect(res.status).toBe(404);
      expect(res.body.code).toBe("http/not-found");
    }
    expect((await call(t.http, "GET", "/api/privacy")).body).toMatchObject({
      desk: false,
      contact: null,
      feedbackDays: 365,
      archiveDays: 90,
      tableKeepDays: 7,
    });
    // Feedback is still taken.
    expect((await call(t.http, "POST", "/api/feedback", message())).status).toBe(201);
  });
});

describe("settings the server cannot start with", () => {
  it("refuses a short FEEDBACK_PASSWORD or a CONTACT_EMAIL that is not one, in one line", async () => {
    for (const [env, reason] of [
      [{ FEEDBACK_PASSWORD: "short" }, /FEEDBACK_PASSWORD must be at least 12 characters/],
      [{ CONTACT_EMAIL: "nobody" }, /CONTACT_EMAIL must be an email address/],
    ] as const) {
      const { code, out } = await runServer(env);
      expect(code, JSON.stringify(env)).toBe(1);
      // On Node.js 20 the server first warns that its runtime is out of support.
      const lines = out
        .trim()
        .split("\n")
        .filter((line) => !line.includes('"runtime/out-of-support"'));
      expect(lines).toHaveLength(1);
      expect(JSON.parse(lines[0]!)).toMatchObject({ event: "cannot-start" });
      expect(lines[0]).toMatch(reason);
    }
  });
});

function runServer(env: Record<string, string>): Promise<{ code: number | null; out: string }> {
  const { NODE_ENV: _, ...inherited } = process.env;
  const child = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], {
    cwd: fileURLToPath(new URL("../..", import.meta.url)),
    env: { ...inherited, PORT: "0", DATA_DIR: ":memory:", CPU_WORKERS: "0", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  child.stdout.on("data", (c: Buffer) => {
    out += c.toString();
  });
  child.stderr.on("data", (c: Buffer) => {
    out += c.toString();
  });
  return new Promise((resolve) => child.once("exit", (code) => resolve({ code, out })));
}
