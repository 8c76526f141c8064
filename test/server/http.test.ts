import { mkdtempSync, writeFileSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../server/app";
import { readConfig } from "../../server/config";

describe("HTTP server", () => {
  let server: http.Server;
  let base = "";
  beforeAll(async () => {
    const clientDir = mkdtempSync(path.join(tmpdir(), "client-"));
    writeFileSync(path.join(clientDir, "index.html"), "<title>Crossboard</title>");
    server = http.createServer(createApp(readConfig({ PORT: "0" }, { clientDir })));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("answers the health check", async () => {
    const res = await fetch(`${base}/api/health`);
    expect(await res.json()).toEqual({ ok: true });
  });

  it("serves the built client", async () => {
    const res = await fetch(`${base}/`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("Crossboard");
  });

  it("refuses a PORT that is not a port", () => {
    expect(() => readConfig({ PORT: "http" }, { clientDir: "x" })).toThrow(/PORT/);
  });
});
