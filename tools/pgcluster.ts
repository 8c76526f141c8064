/**
 * A throw-away PostgreSQL cluster for tests: initdb into a temporary folder, started with
 * pg_ctl on a free loopback port (and a socket in that folder), removed again by `stop`.
 * initdb refuses to run as root, so as root (this machine and CI) the server runs as the
 * `postgres` user that Debian's package creates, in a folder that user owns. Missing binaries
 * are an error, never a skip: the store tests must run against a real server.
 */
import { execFile } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { delimiter, join } from "node:path";
import pg from "pg";
import { freePort } from "./ports";

export interface PgCluster {
  readonly port: number;
  /** The cluster's folder (data, socket and server log). */
  readonly dir: string;
  /** Connection string for a database of the cluster, as the superuser `postgres`. */
  url(database: string): string;
  /** The same through the cluster's Unix socket (a database on the same machine). */
  socketUrl(database: string): string;
  createDatabase(name: string): Promise<void>;
  /** Stops the server (fast shutdown) and keeps its data: an outage, ended by `resume`. */
  halt(): Promise<void>;
  /** Starts the halted server again on the same port. */
  resume(): Promise<void>;
  /** Stops the server (fast shutdown) and removes the folder. */
  stop(): Promise<void>;
}

const SERVER_USER = "postgres";

/** The folder holding initdb and pg_ctl: PATH first, then Debian's versioned folders. */
export function postgresBin(): string {
  const onPath = (process.env.PATH ?? "")
    .split(delimiter)
    .find((d) => d && existsSync(join(d, "initdb")) && existsSync(join(d, "pg_ctl")));
  if (onPath) return onPath;
  const root = "/usr/lib/postgresql";
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((v) => existsSync(join(root, v, "bin", "initdb")))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (versions[0]) return join(root, versions[0], "bin");
  throw new Error(
    "PostgreSQL server binaries (initdb, pg_ctl) are not on PATH nor in /usr/lib/postgresql/*/bin. " +
      "Install Debian's postgresql package (.ci/run does: apt-get install postgresql).",
  );
}

/** uid and gid of a user, from /etc/passwd. */
function account(user: string): { uid: number; gid: number } {
  const line = readFileSync("/etc/passwd", "utf8")
    .split("\n")
    .find((l) => l.startsWith(`${user}:`));
  const [, , uid, gid] = line?.split(":") ?? [];
  if (uid === undefined || gid === undefined) {
    throw new Error(
      `Running as root, the test PostgreSQL server needs the '${user}' user (initdb refuses root); ` +
        "Debian's postgresql package creates it.",
    );
  }
  return { uid: Number(uid), gid: Number(gid) };
}

function runuser(): string {
  const found = ["/usr/sbin/runuser", "/sbin/runuser", "/usr/bin/runuser"].find(existsSync);
  if (!found)
    throw new Error("Running as root, the test PostgreSQL server needs runuser (util-linux).");
  return found;
}

function exec(file: string, args: string[], cwd: string): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(file, args, { cwd, timeout: 120_000 }, (err, stdout, stderr) => {
      if (err) reject(new Error(`${[file, ...args].join(" ")} failed: ${stderr || err.message}`));
      else resolve(stdout);
    });
  });
}

export async function startCluster(): Promise<PgCluster> {
  const bin = postgresBin();
  const asRoot = process.getuid?.() === 0;
  const wrap = asRoot ? runuser() : null;
  const dir = mkdtempSync(join(tmpdir(), "crossboard-pg-"));
  if (asRoot) {
    const { uid, gid } = account(SERVER_USER);
    chownSync(dir, uid, gid);
  }
  const data = join(dir, "data");
  const tool = (name: string, args: string[]) =>
    wrap
      ? exec(wrap, ["-u", SERVER_USER, "--", join(bin, name), ...args], dir)
      : exec(join(bin, name), args, dir);

  let port = 0;
  const start = () =>
    tool("pg_ctl", [
      "-D",
      data,
      "-l",
      join(dir, "server.log"),
      "-o",
      `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1`,
      "-w",
      "-t",
      "60",
      "start",
    ]);
  try {
    await tool("initdb", [
      "-D",
      data,
      "-A",
      "trust",
      "-U",
      "postgres",
      "-E",
      "UTF8",
      "--locale=C",
      "--no-sync",
    ]);
    // A port found free may be taken before the server binds it: try a few.
    for (let attempt = 1; ; attempt++) {
      port = await freePort();
      try {
        await start();
        break;
      } catch (err) {
        if (attempt >= 3) throw err;
      }
    }
  } catch (err) {
    const serverLog = join(dir, "server.log");
    const tail = existsSync(serverLog) ? readFileSync(serverLog, "utf8").slice(-2000) : "";
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`${(err as Error).message}${tail ? `\nserver log:\n${tail}` : ""}`);
  }

  const url = (database: string) => `postgres://postgres@127.0.0.1:${port}/${database}`;
  let stopped: Promise<void> | null = null;
  return {
    port,
    dir,
    url,
    socketUrl: (database) =>
      `postgres://postgres@/${database}?host=${encodeURIComponent(dir)}&port=${port}`,
    async createDatabase(name: string) {
      const client = new pg.Client({ connectionString: url("postgres") });
      await client.connect();
      try {
        await client.query(`CREATE DATABASE "${name.replaceAll('"', '""')}"`);
      } finally {
        await client.end();
      }
    },
    halt: async () => {
      await tool("pg_ctl", ["-D", data, "-m", "fast", "-w", "stop"]);
    },
    resume: async () => {
      await start();
    },
    stop() {
      stopped ??= tool("pg_ctl", ["-D", data, "-m", "fast", "-w", "stop"])
        .catch(() => {})
        .then(() => rmSync(dir, { recursive: true, force: true }));
      return stopped;
    },
  };
}
