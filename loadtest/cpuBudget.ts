/**
 * `--cpu-budget C`: each server process the runner starts is held to C cores by a Linux cgroup
 * of its own, made by the runner before the process starts and removed after it stopped.
 *
 * cgroup v2 (`<root>/cgroup.controllers` lists `cpu`): a directory under the root with
 * `cpu.max` = "<quota> 100000", the parent's `cgroup.subtree_control` given `+cpu` if it lacks
 * it. cgroup v1 (a `cpu` hierarchy at `<root>/cpu`): a directory there with
 * `cpu.cfs_period_us` = 100000 and `cpu.cfs_quota_us` = the quota. Either way the process joins
 * by its pid written to `cgroup.procs`; the threads it starts later inherit the group. The
 * kernel removes a cgroup only when it is empty, so it is removed after its process exited.
 * Making cgroups needs root or a delegated (writable) hierarchy.
 *
 * The pure parts (the quota, the files to write, which hierarchy a directory layout offers)
 * take the root as a parameter, so that tests can give them a directory that mimics one.
 */
import { accessSync, constants, existsSync, mkdirSync, readFileSync, rmdirSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import path from "node:path";

export const CGROUP_ROOT = "/sys/fs/cgroup";

/** The scheduler period the quota is a share of, µs. */
export const PERIOD_US = 100_000;

/** Where the runner makes its cgroups: the v1 `cpu` hierarchy or the v2 unified one. */
export interface CpuHierarchy {
  readonly version: 1 | 2;
  /** The directory the runner's cgroups are made in. */
  readonly dir: string;
}

/** C cores as CPU time per period, µs (the kernel takes at least 1000). */
export function quotaUs(cores: number): number {
  return Math.max(1000, Math.round(cores * PERIOD_US));
}

/** The files that hold a cgroup to `cores`, in the order they are written. */
export function limitFiles(version: 1 | 2, cores: number): [string, string][] {
  const quota = quotaUs(cores);
  return version === 2
    ? [["cpu.max", `${quota} ${PERIOD_US}`]]
    : [
        ["cpu.cfs_period_us", String(PERIOD_US)],
        ["cpu.cfs_quota_us", String(quota)],
      ];
}

/** The name of the runner's cgroup for its `index`-th server process. */
export function cgroupName(runnerPid: number, index: number): string {
  return `crossboard-load-${runnerPid}-${index}`;
}

const writable = (dir: string) => {
  try {
    accessSync(dir, constants.W_OK);
    return true;
  } catch {
    return false;
  }
};

const readOr = (file: string, otherwise: string) => {
  try {
    return readFileSync(file, "utf8");
  } catch {
    return otherwise;
  }
};

/**
 * The hierarchy under `root` the runner can make cgroups with a CPU limit in: v2 when its
 * `cgroup.controllers` lists `cpu`, else v1's `cpu` hierarchy; or why neither will do.
 */
export function findHierarchy(root = CGROUP_ROOT): CpuHierarchy | { refused: string } {
  const controllers = readOr(path.join(root, "cgroup.controllers"), "").split(/\s+/);
  if (controllers.includes("cpu")) {
    if (writable(root)) return { version: 2, dir: root };
    return { refused: `${root} (cgroup v2) is not writable: run as root or delegate it` };
  }
  const v1 = path.join(root, "cpu");
  if (existsSync(path.join(v1, "cpu.cfs_quota_us"))) {
    if (writable(v1)) return { version: 1, dir: v1 };
    return { refused: `${v1} (cgroup v1) is not writable: run as root or delegate it` };
  }
  return {
    refused: `no cgroup with a cpu controller at ${root} (neither v2's cgroup.controllers listing cpu nor v1's cpu/cpu.cfs_quota_us)`,
  };
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** One server process's cgroup: made with its limit, joined by the process, removed after. */
export class CpuCgroup {
  private constructor(readonly dir: string) {}

  /** Makes the cgroup `name` in `at` held to `cores`. */
  static async create(at: CpuHierarchy, name: string, cores: number): Promise<CpuCgroup> {
    if (at.version === 2) {
      const control = path.join(at.dir, "cgroup.subtree_control");
      if (!readOr(control, "").split(/\s+/).includes("cpu")) await writeFile(control, "+cpu");
    }
    const dir = path.join(at.dir, name);
    mkdirSync(dir);
    const group = new CpuCgroup(dir);
    try {
      for (const [file, value] of limitFiles(at.version, cores))
        await writeFile(path.join(dir, file), value);
    } catch (err) {
      await group.remove();
      throw err;
    }
    return group;
  }

  /** Moves the process (all its threads) into the cgroup. */
  async add(pid: number): Promise<void> {
    await writeFile(path.join(this.dir, "cgroup.procs"), String(pid));
  }

  /**
   * Removes the cgroup once its process has exited; the kernel may take a moment to see it
   * empty, so it tries again for a few seconds, then gives up with the reason.
   */
  async remove(): Promise<void> {
    for (let attempt = 0; ; attempt++) {
      try {
        rmdirSync(this.dir);
        return;
      } catch (err) {
        const code = (err as NodeJS.ErrnoException).code;
        if (code === "ENOENT") return;
        if (code !== "EBUSY" || attempt >= 50) throw err;
        await sleep(100);
      }
    }
  }
}
