/**
 * `npm start`: runs the built server (dist/server/main.mjs). When the build is missing, or older
 * than the sources beside it (a fresh clone, an edit), it runs `npm run build` first. A copy
 * made for production (dist/, this file, package.json and its lock) has no sources and starts
 * its build at once. Plain JavaScript: a production install has no TypeScript loader.
 */
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

// The server refuses an older Node.js itself (server/runtime.ts); this says so before a build
// that would fail on it less clearly.
if (Number(process.versions.node.split(".")[0]) < 20) {
  console.error(
    `Crossboard runs on Node.js 24 (or 22; 20 starts, out of support), not ${process.versions.node}: tools/node24.sh npm start runs it on Node.js 24.`,
  );
  process.exit(1);
}

const root = fileURLToPath(new URL("..", import.meta.url));
const OUTPUTS = ["dist/server/main.mjs", "dist/server/workerEntry.mjs", "dist/client/index.html"];
const SOURCES = [
  "server",
  "shared",
  "client",
  "package.json",
  "tsconfig.json",
  "tools/build-server.mjs",
];

/** The newest modification time under a file or folder (0 when it is not there). */
function newest(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = 0;
  for (const entry of readdirSync(path)) latest = Math.max(latest, newest(join(path, entry)));
  return latest;
}

function oldestOutput() {
  let oldest = Number.POSITIVE_INFINITY;
  for (const out of OUTPUTS) {
    const path = join(root, out);
    if (!existsSync(path)) return 0;
    oldest = Math.min(oldest, statSync(path).mtimeMs);
  }
  return oldest;
}

const built = oldestOutput();
// A copy made for production has no sources: its build is what it runs.
const checkout = existsSync(join(root, "server/main.ts"));
const sources = checkout ? Math.max(...SOURCES.map((s) => newest(join(root, s)))) : 0;
if (built === 0 || sources > built) {
  if (!existsSync(join(root, "node_modules/vite"))) {
    console.error(
      built === 0
        ? "No build to start: run `npm run build` where the dev dependencies are installed, then copy dist/."
        : "The build is older than the sources and the dev dependencies to rebuild it are not installed: run `npm run build`.",
    );
    process.exit(1);
  }
  console.error(built === 0 ? "Building (no build yet)…" : "Building (sources changed)…");
  const result = spawnSync("npm", ["run", "build"], { cwd: root, stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
await import("../dist/server/main.mjs");
