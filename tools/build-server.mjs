/**
 * `npm run build` (second half): the server and the shared code it runs, compiled to
 * JavaScript in dist/server: `main.mjs` (the server) and `workerEntry.mjs` (the CPU players'
 * worker thread, found next to it). Packages stay imports of node_modules. Plain JavaScript, so
 * that it needs nothing but esbuild (which comes with Vite).
 */
import { rmSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const root = fileURLToPath(new URL("..", import.meta.url));
const outdir = `${root}dist/server`;
rmSync(outdir, { recursive: true, force: true });
await build({
  absWorkingDir: root,
  entryPoints: { main: "server/main.ts", workerEntry: "server/bots/worker.ts" },
  outdir,
  outExtension: { ".js": ".mjs" },
  bundle: true,
  packages: "external",
  platform: "node",
  format: "esm",
  target: "node20",
  tsconfig: "tsconfig.json",
  sourcemap: true,
  logLevel: "warning",
});
