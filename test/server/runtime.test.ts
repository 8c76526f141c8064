/**
 * The server on a Node.js it does not run on: an unsupported major is refused at start with one
 * clear log line and exit code 1 (no stack trace, no half-started server); Node.js 20 starts,
 * with a warning that it is out of support; 22 and 24 start without one.
 */
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { runtimeVerdict } from "../../server/runtime";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const FAKE = fileURLToPath(new URL("../fixtures/fakeNodeVersion.mjs", import.meta.url));

interface Run {
  readonly code: number | null;
  readonly lines: Record<string, unknown>[];
  readonly stderr: string;
}

/** Starts server/main.ts as if on Node.js `version`; stops it once it listens. */
function startOn(version: string): Promise<Run> {
  const { NODE_ENV: _, ...inherited } = process.env;
  const child = spawn(process.execPath, ["--import", FAKE, "--import", "tsx", "server/main.ts"], {
    cwd: ROOT,
    env: {
      ...inherited,
      FAKE_NODE_VERSION: version,
      PORT: "0",
      HOST: "127.0.0.1",
      DATA_DIR: ":memory:",
      CLIENT_DIR: "/nonexistent",
      CPU_WORKERS: "0",
      LOG_LEVEL: "info",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const lines: Record<string, unknown>[] = [];
  let out = "";
  let stderr = "";
  child.stderr.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  child.stdout.on("data", (chunk: Buffer) => {
    out += chunk.toString();
    const parts = out.split("\n");
    out = parts.pop() ?? "";
    for (const part of parts) {
      const line = JSON.parse(part) as Record<string, unknown>;
      lines.push(line);
      if (line.event === "listening") child.kill("SIGTERM");
    }
  });
  return new Promise((resolve) => {
    child.on("close", (code) => resolve({ code, lines, stderr }));
  });
}

describe("the Node.js the server runs on", () => {
  it("sorts versions: 22 and later supported, 20 out of support, older refused", () => {
    expect(runtimeVerdict("24.22.3")).toEqual({ kind: "supported", major: 24 });
    expect(runtimeVerdict("v22.12.0")).toEqual({ kind: "supported", major: 22 });
    expect(runtimeVerdict("26.0.0").kind).toBe("supported");
    expect(runtimeVerdict("20.19.0")).toEqual({ kind: "out-of-support", major: 20 });
    expect(runtimeVerdict("18.20.4")).toEqual({ kind: "unsupported", major: 18 });
    expect(runtimeVerdict("garbage").kind).toBe("unsupported");
  });

  it("refuses to start on Node.js 18 with one clear line and exit code 1", async () => {
    const run = await startOn("18.20.4");
    expect(run.code).toBe(1);
    expect(run.lines).toHaveLength(1);
    expect(run.lines[0]).toMatchObject({
      level: "fatal",
      event: "cannot-start",
      reason: "runtime/unsupported",
      node: "18.20.4",
      use: 24,
    });
    expect(String(run.lines[0]?.msg)).toContain("Node.js 24");
    // Not a crash: no stack trace, nothing on stderr.
    expect(run.stderr).toBe("");
    expect(run.lines.some((line) => line.event === "listening")).toBe(false);
  }, 30_000);

  it("starts on Node.js 20 with a warning that it is out of support", async () => {
    const run = await startOn("20.19.0");
    const warning = run.lines.findIndex((line) => line.event === "runtime/out-of-support");
    const listening = run.lines.findIndex((line) => line.event === "listening");
    expect(warning).toBeGreaterThanOrEqual(0);
    expect(run.lines[warning]).toMatchObject({ level: "warn", node: "20.19.0", use: 24 });
    expect(listening).toBeGreaterThan(warning);
    expect(run.code).toBe(0);
  }, 30_000);

  it("starts on this machine's Node.js without a warning", async () => {
    const run = await startOn(process.versions.node);
    expect(run.lines.some((line) => line.event === "listening")).toBe(true);
    expect(run.lines.some((line) => line.event === "runtime/out-of-support")).toBe(
      runtimeVerdict(process.versions.node).kind === "out-of-support",
    );
  }, 30_000);
});
