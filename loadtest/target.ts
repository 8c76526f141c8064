/**
 * The server a run plays against: the one at `--url`, or started for the run from the sources
 * (of this checkout or `--server-dir`), one process or several behind a throw-away Redis, with
 * a fresh store of the kind asked for, each process held to `--cpu-budget` cores in a cgroup of
 * its own, all removed when the run is done.
 */
import path from "node:path";
import { freePort } from "../tools/ports";
import { startRedis } from "../tools/redis";
import { CpuCgroup, cgroupName } from "./cpuBudget";
import type { Options } from "./options";
import { combineServers, type ServerUnderLoad, startServer } from "./server";
import { freshStore } from "./stores";

/** The server under load, and what to remove after it stopped. */
export interface Target {
  readonly server: ServerUnderLoad;
  stop(): Promise<void>;
}

/** `--cpu-budget`: a cgroup for each of the server processes, all removed if one fails. */
async function cgroupsFor(budget: Options["cpuBudget"], processes: number): Promise<CpuCgroup[]> {
  if (!budget) return [];
  const groups: CpuCgroup[] = [];
  try {
    for (let i = 0; i < processes; i++)
      groups.push(
        await CpuCgroup.create(budget.hierarchy, cgroupName(process.pid, i), budget.cores),
      );
  } catch (err) {
    await removeCgroups(groups);
    throw new Error(`--cpu-budget: could not make a cgroup: ${(err as Error).message}`);
  }
  return groups;
}

/** Removes the cgroups (their processes have exited); one that stays is reported, not fatal. */
async function removeCgroups(groups: readonly CpuCgroup[]): Promise<void> {
  for (const g of groups)
    await g.remove().catch((err: Error) => {
      process.stderr.write(`could not remove the cgroup ${g.dir}: ${err.message}\n`);
    });
}

/**
 * The server under load: one process, or several behind a throw-away Redis; each in its own
 * cgroup with `--cpu-budget`. If any fails to start, those started are stopped again.
 */
async function startServers(
  processes: number,
  env: Record<string, string>,
  dir: string | undefined,
  budget: Options["cpuBudget"],
  nodeFlags: readonly string[] | undefined,
): Promise<ServerUnderLoad> {
  const groups = await cgroupsFor(budget, processes);
  const joinFor = (i: number) => {
    const group = groups[i];
    return group ? (pid: number) => group.add(pid) : undefined;
  };
  try {
    if (processes === 1)
      return combineServers([await startServer(env, dir, joinFor(0), nodeFlags)], () =>
        removeCgroups(groups),
      );
    const redis = await startRedis();
    const ports: number[] = [];
    for (let i = 0; i < processes; i++) ports.push(await freePort());
    const started = await Promise.allSettled(
      ports.map((port, i) =>
        startServer(
          {
            ...env,
            PORT: String(port),
            REDIS_URL: redis.url,
            PUBLIC_ADDRESS: `127.0.0.1:${port}`,
          },
          dir,
          joinFor(i),
          nodeFlags,
        ),
      ),
    );
    const servers = started.flatMap((r) => (r.status === "fulfilled" ? [r.value] : []));
    const failed = started.find((r) => r.status === "rejected");
    if (failed) {
      await Promise.all(servers.map((s) => s.stop()));
      await redis.stop();
      throw failed.reason;
    }
    return combineServers(servers, async () => {
      await redis.stop();
      await removeCgroups(groups);
    });
  } catch (err) {
    await removeCgroups(groups);
    throw err;
  }
}

/** A server already running at `url`: figures from `/proc` only with its pid. */
function running(url: string, pid: number | null): Target {
  const server: ServerUnderLoad = {
    url,
    urls: [url],
    pid,
    pids: pid === null ? [] : [pid],
    log: { counts: {}, samples: [] },
    exited: null,
    stop: async () => undefined,
  };
  return { server, stop: () => server.stop() };
}

export async function startTarget(o: Options): Promise<Target> {
  if (o.url) return running(o.url, o.serverPid);
  const store = await freshStore(o.store);
  const server = await startServers(
    o.processes,
    {
      PORT: "0",
      HOST: "127.0.0.1",
      ...store.env,
      // Every connection comes from 127.0.0.1: the per-address bounds would be the limit.
      MATCHMAKE_PER_MINUTE: "100000",
      MAX_CONNECTIONS_PER_ADDRESS: "0",
      // ... and every table is opened from it: keep every finished game, as distinct players would.
      ARCHIVE_GAMES_PER_HOUR: "0",
      STAND_IN_GRACE_MS: String(o.behaviour.graceMs),
      CPU_SEED: String(o.seed),
      ...o.env,
    },
    o.serverDir ? path.resolve(o.serverDir) : undefined,
    o.cpuBudget,
    o.nodeFlags,
  ).catch(async (err) => {
    await store.done();
    throw err;
  });
  return {
    server,
    stop: async () => {
      await server.stop();
      await store.done();
    },
  };
}
