/**
 * The load runner's command line: `--cpu-budget` among the rest. A refusal prints its reason and
 * exits with 2; here the exit throws instead, so that the test sees it. The cgroup hierarchy is
 * looked for in a temp directory that mimics /sys/fs/cgroup (or mimics none).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { parseOptions, USAGE } from "../../loadtest/options";

const dir = mkdtempSync(path.join(tmpdir(), "crossboard-options-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A stand-in for a v1 layout with a cpu hierarchy, and one with no cgroups at all. */
const withV1 = path.join(dir, "v1");
mkdirSync(path.join(withV1, "cpu"), { recursive: true });
writeFileSync(path.join(withV1, "cpu", "cpu.cfs_quota_us"), "-1\n");
const withNone = path.join(dir, "none");
mkdirSync(withNone);

let errors: string[] = [];
beforeEach(() => {
  errors = [];
  vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
    errors.push(args.join(" "));
  });
  vi.spyOn(process, "exit").mockImplementation(((code?: number) => {
    throw new Error(`exit ${code}`);
  }) as typeof process.exit);
});
afterEach(() => vi.restoreAllMocks());

/** The refusal's message, for a command line that must be refused with exit code 2. */
function refusal(args: string[], root = withV1): string {
  expect(() => parseOptions(args, root)).toThrow("exit 2");
  return errors.join("\n");
}

describe("the load runner's options", () => {
  it("has no CPU budget unless asked, and does not look for cgroups then", () => {
    const o = parseOptions(["--tables", "40", "--processes", "2"], withNone);
    expect(o.tables).toBe(40);
    expect(o.processes).toBe(2);
    expect(o.cpuBudget).toBeNull();
  });

  it("takes --cpu-budget in cores, with the hierarchy its cgroups go in", () => {
    const o = parseOptions(["--processes", "2", "--cpu-budget", "0.5"], withV1);
    expect(o.cpuBudget).toEqual({
      cores: 0.5,
      hierarchy: { version: 1, dir: path.join(withV1, "cpu") },
    });
    expect(parseOptions(["--cpu-budget=2"], withV1).cpuBudget?.cores).toBe(2);
  });

  it("refuses a budget that is not a number of cores", () => {
    for (const bad of ["0", "-1", "x", "", "2000"])
      expect(refusal([`--cpu-budget=${bad}`])).toContain("--cpu-budget must be a number");
  });

  it("refuses a budget without a cgroup hierarchy it can write, saying so", () => {
    const message = refusal(["--cpu-budget", "1"], withNone);
    expect(message).toContain("--cpu-budget: no cgroup with a cpu controller");
    expect(message).toContain(withNone);
  });

  it("refuses a budget for a server it does not start", () => {
    expect(refusal(["--cpu-budget", "1", "--url", "ws://127.0.0.1:2567"])).toContain(
      "not one at --url",
    );
  });

  it("lists --cpu-budget in the usage", () => {
    expect(USAGE).toContain("--cpu-budget C");
  });
});
