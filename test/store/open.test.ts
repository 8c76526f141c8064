import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openStore } from "../../server/store/index";
import { hashToken } from "../../server/table/tokens";

describe("openStore and hashToken", () => {
  const dir = mkdtempSync(join(tmpdir(), "crossboard-open-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("keeps nothing without a data folder or database, or when asked to", async () => {
    const none = await openStore({ dataDir: null, databaseUrl: null });
    expect(none.kind).toBe("memory");
    const asked = await openStore({
      dataDir: dir,
      databaseUrl: "postgres://x@127.0.0.1:1/x",
      memory: true,
    });
    expect(asked.kind).toBe("memory");
    await Promise.all([none.close(), asked.close()]);
  });

  it("uses SQLite in the data folder without a database URL", async () => {
    const store = await openStore({ dataDir: join(dir, "data"), databaseUrl: null });
    expect(store.kind).toBe("sqlite");
    await store.close();
  });

  it("hashes a seat token with SHA-256, in hex", () => {
    expect(hashToken("abc")).toBe(
      "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
    );
    expect(hashToken("abc")).not.toBe(hashToken("abd"));
  });
});
