/**
 * `--cpu-budget`'s cgroups, the parts that need no real cgroup: the quota and the files that
 * set it, which hierarchy a directory layout offers (a temp directory mimics /sys/fs/cgroup),
 * and a cgroup made in such a directory.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import {
  CpuCgroup,
  cgroupName,
  findHierarchy,
  limitFiles,
  quotaUs,
} from "../../loadtest/cpuBudget";

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** An empty stand-in for /sys/fs/cgroup. */
function root(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "crossboard-cgroup-"));
  dirs.push(dir);
  return dir;
}

/** A stand-in for a v1 layout: the cpu hierarchy with its quota file. */
function v1(at: string): string {
  mkdirSync(path.join(at, "cpu"));
  writeFileSync(path.join(at, "cpu", "cpu.cfs_quota_us"), "-1\n");
  return at;
}

/** A stand-in for a v2 layout, with the given controllers. */
function v2(at: string, controllers: string, subtree = ""): string {
  writeFileSync(path.join(at, "cgroup.controllers"), `${controllers}\n`);
  writeFileSync(path.join(at, "cgroup.subtree_control"), subtree);
  return at;
}

describe("the CPU budget's quota", () => {
  it("is the cores' share of a 100 ms period, at least 1 ms", () => {
    expect(quotaUs(0.5)).toBe(50_000);
    expect(quotaUs(1)).toBe(100_000);
    expect(quotaUs(2.25)).toBe(225_000);
    expect(quotaUs(0.3333)).toBe(33_330);
    expect(quotaUs(0.001)).toBe(1000);
  });

  it("is written as v1's period and quota, or v2's cpu.max", () => {
    expect(limitFiles(1, 0.5)).toEqual([
      ["cpu.cfs_period_us", "100000"],
      ["cpu.cfs_quota_us", "50000"],
    ]);
    expect(limitFiles(2, 1.5)).toEqual([["cpu.max", "150000 100000"]]);
  });

  it("names a cgroup by the runner's pid and the process's index", () => {
    expect(cgroupName(1234, 0)).toBe("crossboard-load-1234-0");
    expect(cgroupName(1234, 3)).toBe("crossboard-load-1234-3");
  });
});

describe("the cgroup hierarchy", () => {
  it("is v2 when its controllers list cpu", () => {
    const at = v2(root(), "cpuset cpu io memory pids");
    expect(findHierarchy(at)).toEqual({ version: 2, dir: at });
  });

  it("is v1's cpu hierarchy when there is no v2 cpu controller", () => {
    const at = v1(root());
    expect(findHierarchy(at)).toEqual({ version: 1, dir: path.join(at, "cpu") });
    // A v2 root without cpu (a hybrid layout): v1 still.
    const hybrid = v1(v2(root(), "cpuset io memory"));
    expect(findHierarchy(hybrid)).toEqual({ version: 1, dir: path.join(hybrid, "cpu") });
  });

  it("is refused without either, saying where it looked", () => {
    const at = root();
    const found = findHierarchy(at);
    expect(found).toHaveProperty("refused");
    expect((found as { refused: string }).refused).toContain(at);
  });
});

describe("a cgroup in a stand-in directory", () => {
  it("is made with v1's period and quota, and takes a pid", async () => {
    const at = v1(root());
    const hierarchy = findHierarchy(at);
    if ("refused" in hierarchy) throw new Error(hierarchy.refused);
    const group = await CpuCgroup.create(hierarchy, "crossboard-load-1-0", 0.5);
    expect(group.dir).toBe(path.join(at, "cpu", "crossboard-load-1-0"));
    const read = (f: string) => readFileSync(path.join(group.dir, f), "utf8");
    expect(read("cpu.cfs_period_us")).toBe("100000");
    expect(read("cpu.cfs_quota_us")).toBe("50000");
    await group.add(4321);
    expect(read("cgroup.procs")).toBe("4321");
  });

  it("is made with v2's cpu.max, the cpu controller enabled for it first", async () => {
    const at = v2(root(), "cpu memory", "memory");
    const group = await CpuCgroup.create({ version: 2, dir: at }, "crossboard-load-1-1", 1);
    expect(readFileSync(path.join(at, "cgroup.subtree_control"), "utf8")).toBe("+cpu");
    expect(readFileSync(path.join(group.dir, "cpu.max"), "utf8")).toBe("100000 100000");
  });

  it("is removed, and removing one already gone is no error", async () => {
    const at = v1(root());
    const group = await CpuCgroup.create({ version: 1, dir: path.join(at, "cpu") }, "g", 1);
    // A real cgroup's files go with its directory; here they are removed first.
    for (const f of ["cpu.cfs_period_us", "cpu.cfs_quota_us"]) rmSync(path.join(group.dir, f));
    await group.remove();
    await group.remove();
  });
});
