/**
 * The Colyseus monitor at /colyseus: behind MONITOR_PASSWORD, absent without it; and settings
 * the server cannot start with are refused with one clear line, as an operator starts it.
 */
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { startChildServer } from "../security/child";

const PASSWORD = "a monitor password";
const basic = (user: string, password: string) =>
  `Basic ${Buffer.from(`${user}:${password}`).toString("base64")}`;

describe("the monitor", () => {
  it("asks for the password, refuses a wrong one and opens with the right one", async () => {
    const server = await startChildServer({ MONITOR_PASSWORD: PASSWORD });
    try {
      const table = await server.client().create("table", { game: "xiangqi", name: "Ana" });
      let res = await fetch(`${server.http}/colyseus/`);
      expect(res.status).toBe(401);
      expect(res.headers.get("www-authenticate")).toMatch(/^Basic realm=/);
      res = await fetch(`${server.http}/colyseus/api`, {
        headers: { Authorization: basic("admin", "not the password") },
      });
      expect(res.status).toBe(401);
      res = await fetch(`${server.http}/colyseus/`, {
        headers: { Authorization: basic("admin", PASSWORD) },
      });
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toMatch(/html/);
      // Its API lists the rooms.
      res = await fetch(`${server.http}/colyseus/api`, {
        headers: { Authorization: basic("anyone", PASSWORD) },
      });
      expect(res.status).toBe(200);
      expect(JSON.stringify(await res.json())).toContain(table.roomId);
      await table.leave();
    } finally {
      await server.close();
    }
  });

  it("stops checking guesses from an address after ten wrong ones", async () => {
    const server = await startChildServer({ MONITOR_PASSWORD: PASSWORD });
    try {
      for (let i = 0; i < 10; i++) {
        const res = await fetch(`${server.http}/colyseus/api`, {
          headers: { Authorization: basic("admin", `guess ${i} guess`) },
        });
        expect(res.status).toBe(401);
      }
      const res = await fetch(`${server.http}/colyseus/api`, {
        headers: { Authorization: basic("admin", PASSWORD) },
      });
      expect(res.status).toBe(429);
    } finally {
      await server.close();
    }
  });

  it("is not there without MONITOR_PASSWORD", async () => {
    const server = await startChildServer();
    try {
      for (const path of ["/colyseus", "/colyseus/", "/colyseus/api"]) {
        const res = await fetch(`${server.http}${path}`, {
          headers: { Authorization: basic("admin", PASSWORD) },
        });
        expect(res.status, path).toBe(404);
      }
    } finally {
      await server.close();
    }
  });
});

/** Runs the server as an operator would and collects what it says until it exits. */
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

describe("settings the server cannot start with", () => {
  it("says so in one line and exits 1", async () => {
    const cases: [Record<string, string>, RegExp][] = [
      [{ REDIS_URL: "redis://127.0.0.1:6379" }, /PUBLIC_ADDRESS is required with REDIS_URL/],
      [
        { REDIS_URL: "redis://127.0.0.1:6379", PUBLIC_ADDRESS: "https://game.example.com" },
        /PUBLIC_ADDRESS must be host:port or host\/path, with no scheme/,
      ],
      [{ REDIS_URL: "localhost:6379", PUBLIC_ADDRESS: "localhost:2567" }, /REDIS_URL must/],
      [{ MONITOR_PASSWORD: "short" }, /MONITOR_PASSWORD must be at least 12 characters/],
    ];
    for (const [env, reason] of cases) {
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
