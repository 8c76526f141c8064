/**
 * `npm run cluster -- N` as a person uses it: N processes on consecutive ports behind their own
 * Redis, one game across them, and one SIGTERM that stops everything it started.
 */
import { spawn } from "node:child_process";
import { connect, createServer } from "node:net";
import { fileURLToPath } from "node:url";
import { Client } from "colyseus.js";
import { expect, it } from "vitest";
import type { TableRoom } from "../server/harness";
import { hostOf } from "./members";

/** Whether something listens on a loopback port. */
function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

/** A port that is free, with the next one free too. */
async function twoFreePorts(): Promise<number> {
  for (;;) {
    const port = await new Promise<number>((resolve, reject) => {
      const s = createServer();
      s.once("error", reject);
      s.listen(0, "127.0.0.1", () => {
        const a = s.address();
        s.close(() => resolve(typeof a === "object" && a ? a.port : 0));
      });
    });
    if (port > 0 && port < 65535 && !(await listening(port + 1))) return port;
  }
}

it("starts N processes behind a Redis of its own, and stops them all", async () => {
  const base = await twoFreePorts();
  const { NODE_ENV: _, ...inherited } = process.env;
  const tool = spawn(process.execPath, ["--import", "tsx", "tools/cluster.ts", "2"], {
    cwd: fileURLToPath(new URL("../..", import.meta.url)),
    env: { ...inherited, PORT: String(base), DATA_DIR: ":memory:", CPU_WORKERS: "0" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  const exited = new Promise<number | null>((resolve) => tool.once("exit", resolve));
  try {
    await new Promise<void>((resolve, reject) => {
      tool.stdout.on("data", (c: Buffer) => {
        out += c.toString();
        if (out.includes("Ctrl-C stops them all")) resolve();
      });
      tool.stderr.on("data", (c: Buffer) => {
        out += c.toString();
      });
      void exited.then((code) => reject(new Error(`the tool exited with ${code}:\n${out}`)));
    });
    expect(out).toContain(`Open http://localhost:${base}`);
    const redisPort = Number(/redis:\/\/127\.0\.0\.1:(\d+)/.exec(out)?.[1]);
    expect(await listening(redisPort)).toBe(true);
    for (const port of [base, base + 1]) {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`);
      expect(res.status, `port ${port}`).toBe(200);
    }
    // A table opened through the first port is joined through the second.
    const red = (await new Client(`ws://127.0.0.1:${base}`).create("table", {
      game: "xiangqi",
      name: "Red",
      seat: 0,
      private: true,
    })) as TableRoom;
    const black = (await new Client(`ws://127.0.0.1:${base + 1}`).joinById(red.roomId, {
      name: "Black",
      seat: 1,
    })) as TableRoom;
    expect([base, base + 1]).toContain(hostOf(black));
    for (const room of [red, black]) room.onMessage("closing", () => undefined);

    tool.kill("SIGTERM");
    expect(await exited).toBe(0);
    for (const port of [base, base + 1, redisPort])
      expect(await listening(port), `port ${port} closed`).toBe(false);
    expect(out.match(/"event":"stopped"/g)).toHaveLength(2);
  } finally {
    if (tool.exitCode === null) tool.kill("SIGKILL");
  }
}, 60_000);
