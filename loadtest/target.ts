/**
 * The server a run plays against: the one at `--url`, or started for the run from the sources
 * (of this checkout or `--server-dir`), one process or several behind a throw-away Redis, with
 * a fresh store of the kind asked for, all removed when the run is done.
 */
import path from "node:path";
import { freePort } from "../tools/ports";
import { startRedis } from "../tools/redis";
import type { Options } from "./options";
import { combineServers, type ServerUnderLoad, startServer } from "./server";
import { freshStore } from "./stores";

/** The server under load, and what to remove after it stopped. */
export interface Target {
  readonly server: ServerUnderLoad;
  stop(): Promise<void>;
}

/** The server under load: one process, or several behind a throw-away Redis. */
async function startServers(
  processes: number,
  env: Record<string, string>,
  dir?: string,
): Promise<ServerUnderLoad> {
  if (processes === 1) return startServer(env, dir);
  const redis = await startRedis();
  const ports: number[] = [];
  for (let i = 0; i < processes; i++) ports.push(await freePort());
  try {
    const servers = await Promise.all(
      ports.map((port) =>
        startServer(
          {
            ...env,
            PORT: String(port),
            REDIS_URL: redis.url,
            PUBLIC_ADDRESS: `127.0.0.1:${port}`,
          },
          dir,
        ),
      ),
    );
    return combineServers(servers, () => redis.stop());
  } catch (err) {
    await redis.stop();
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
      STAND_IN_GRACE_MS: String(o.behaviour.graceMs),
      CPU_SEED: String(o.seed),
      ...o.env,
    },
    o.serverDir ? path.resolve(o.serverDir) : undefined,
  );
  return {
    server,
    stop: async () => {
      await server.stop();
      await store.done();
    },
  };
}
