import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";

const root = fileURLToPath(new URL(".", import.meta.url));
const modules = fileURLToPath(new URL("../node_modules/", import.meta.url));

/**
 * The client's version as feedback reports it: package.json's version and, in a git checkout,
 * the commit built ("0.1.0+1a2b3c4").
 */
function clientVersion(): string {
  const { version } = JSON.parse(
    readFileSync(new URL("../package.json", import.meta.url), "utf8"),
  ) as { version: string };
  try {
    const commit = execFileSync("git", ["rev-parse", "--short", "HEAD"], {
      cwd: root,
      encoding: "utf8",
      stdio: ["ignore", "pipe", "ignore"],
    }).trim();
    return /^[0-9a-f]{4,12}$/.test(commit) ? `${version}+${commit}` : version;
  } catch {
    return version;
  }
}

export default defineConfig({
  root,
  define: { __CLIENT_VERSION__: JSON.stringify(clientVersion()) },
  resolve: {
    // colyseus.js and @colyseus/schema name CommonJS and UMD builds for browsers, which a
    // bundler cannot trim; their ES module builds let it keep only what the client uses.
    alias: [
      { find: /^colyseus\.js$/, replacement: `${modules}colyseus.js/build/esm/index.mjs` },
      {
        find: /^@colyseus\/schema$/,
        replacement: `${modules}@colyseus/schema/build/esm/index.mjs`,
      },
    ],
  },
  build: {
    outDir: fileURLToPath(new URL("../dist/client", import.meta.url)),
    emptyOutDir: true,
    // Terser and Lightning CSS write a few percent less than esbuild, which counts for the
    // lobby's first download.
    minify: "terser",
    terserOptions: { compress: { passes: 2 }, format: { comments: false } },
    cssMinify: "lightningcss",
  },
});
