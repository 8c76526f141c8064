/**
 * nginx in front of server processes, configured by the example of docs/operations.md ("Behind
 * nginx") itself: the ```nginx block is read from the doc and only what a test must change is
 * changed (a loopback port instead of TLS on 443, the processes' ports instead of 2567–2569).
 * Each change must find exactly what it expects, so a doc that no longer matches fails here
 * instead of being tested half. nginx runs in the foreground as a child process, its pid, logs
 * and temp files in a temp dir, stopped by `stop`. A missing binary is an error, never a skip:
 * install Debian's nginx (.ci/run does).
 */
import { type ChildProcess, spawn } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { delimiter, join } from "node:path";
import { fileURLToPath } from "node:url";

const DOC = fileURLToPath(new URL("../../docs/operations.md", import.meta.url));

/** The ports the documented example gives its processes. */
const DOC_PORTS = ["2567", "2568", "2569"] as const;

/** nginx on PATH, or Debian's /usr/sbin/nginx. */
export function nginxBin(): string {
  const dirs = [...(process.env.PATH ?? "").split(delimiter), "/usr/sbin"];
  const found = dirs.map((d) => join(d, "nginx")).find((f) => existsSync(f));
  if (found) return found;
  throw new Error(
    "nginx is not installed. Install Debian's nginx package " +
      "(.ci/run does: apt-get install --no-install-recommends nginx).",
  );
}

/** The ```nginx block of the section "Behind nginx" of docs/operations.md, as written. */
export function documentedConfig(): string {
  const doc = readFileSync(DOC, "utf8");
  const section = doc.indexOf("### Behind nginx");
  if (section < 0) throw new Error("docs/operations.md has no section “Behind nginx”");
  const block = /```nginx\n([\s\S]*?)```/.exec(doc.slice(section));
  if (!block?.[1]) throw new Error("the section “Behind nginx” has no ```nginx block");
  return block[1];
}

/** Replaces `from` in `text`, which must occur exactly `times` times. */
function change(text: string, from: string | RegExp, to: string, times: number): string {
  const pattern =
    typeof from === "string"
      ? new RegExp(from.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"), "g")
      : new RegExp(from.source, `${from.flags.replace("g", "")}g`);
  const found = text.match(pattern)?.length ?? 0;
  if (found !== times)
    throw new Error(
      `docs/operations.md's nginx example: expected ${times} × ${pattern} to adapt for the test, found ${found}`,
    );
  return text.replace(pattern, to);
}

/**
 * The documented configuration with only what a test must change: it listens on a loopback
 * port without TLS (no certificate here), and its processes are the test's two instead of
 * 2567–2569 (the third upstream line goes; the path's port pattern names the two ports).
 */
export function adaptedConfig(doc: string, listen: number, ports: readonly [number, number]) {
  let conf = change(doc, /listen\s+443\s+ssl\s*;/, `listen 127.0.0.1:${listen};`, 1);
  conf = change(conf, /^[ \t]*ssl_certificate(_key)?\s[^;]*;\n/m, "", 2);
  conf = change(conf, `127.0.0.1:${DOC_PORTS[0]} `, `127.0.0.1:${ports[0]} `, 1);
  conf = change(conf, `127.0.0.1:${DOC_PORTS[1]} `, `127.0.0.1:${ports[1]} `, 1);
  conf = change(conf, /^[ \t]*server\s+127\.0\.0\.1:2569\s[^;]*;\n/m, "", 1);
  conf = change(conf, "256[7-9]", `${ports[0]}|${ports[1]}`, 1);
  const directives = conf.replace(/#.*$/gm, "");
  for (const port of DOC_PORTS)
    if (directives.includes(port)) throw new Error(`the adapted nginx example still names ${port}`);
  if (/\bssl\b/.test(directives)) throw new Error("the adapted nginx example still uses TLS");
  return conf;
}

export interface Nginx {
  readonly port: number;
  /** `http://127.0.0.1:<port>` */
  readonly http: string;
  /** Access log lines so far: `<method> <uri> <status> <upstream address>`. */
  accessLog(): string[];
  /** Stops nginx and resolves when it has exited (its temp dir is removed). */
  stop(): Promise<void>;
}

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

/** Starts nginx in the foreground with `site` (an `http` block's contents) on loopback `port`. */
export async function startNginx(site: string, port: number): Promise<Nginx> {
  const bin = nginxBin();
  const dir = mkdtempSync(join(tmpdir(), "crossboard-nginx-"));
  // Run as root, nginx's workers are `nobody`: they must reach their temp dirs inside.
  chmodSync(dir, 0o755);
  writeFileSync(join(dir, "site.conf"), site);
  writeFileSync(
    join(dir, "nginx.conf"),
    `daemon off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 512; }
http {
    log_format upstreams '$request_method $uri $status $upstream_addr';
    access_log ${dir}/access.log upstreams;
    client_body_temp_path ${dir}/client_body;
    proxy_temp_path ${dir}/proxy;
    fastcgi_temp_path ${dir}/fastcgi;
    uwsgi_temp_path ${dir}/uwsgi;
    scgi_temp_path ${dir}/scgi;
    include ${dir}/site.conf;
}
`,
  );
  const errors = () => {
    try {
      return readFileSync(join(dir, "error.log"), "utf8").slice(-1000);
    } catch {
      return "";
    }
  };
  const child: ChildProcess = spawn(
    bin,
    ["-p", dir, "-c", join(dir, "nginx.conf"), "-e", join(dir, "error.log")],
    { stdio: ["ignore", "inherit", "inherit"] },
  );
  const killOnExit = () => child.kill("SIGKILL");
  process.once("exit", killOnExit);
  let exited: number | null | undefined;
  child.once("exit", (code) => {
    exited = code;
  });
  for (const until = Date.now() + 10_000; !(await listening(port)); ) {
    if (exited !== undefined) throw new Error(`nginx exited with ${exited}: ${errors()}`);
    if (Date.now() > until) {
      child.kill("SIGKILL");
      throw new Error(`nginx did not listen on ${port}: ${errors()}`);
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  return {
    port,
    http: `http://127.0.0.1:${port}`,
    accessLog: () => {
      try {
        return readFileSync(join(dir, "access.log"), "utf8").split("\n").filter(Boolean);
      } catch {
        return [];
      }
    },
    stop: () =>
      new Promise<void>((done) => {
        process.off("exit", killOnExit);
        const finish = () => {
          rmSync(dir, { recursive: true, force: true });
          done();
        };
        if (exited !== undefined) return finish();
        child.once("exit", finish);
        // nginx's fast shutdown.
        child.kill("SIGTERM");
      }),
  };
}
