/**
 * Which Node.js the server runs on. It is built, tested and measured on Node.js 24 (the active
 * LTS); 22 is supported too. Node.js 20 is out of support (no security fixes since 2026-04-30):
 * the server still starts on it, with a warning in its log. Anything older is refused with one
 * clear line before any other module loads, rather than failing later on a missing feature.
 *
 * Imported first by main.ts, so that the check runs before the rest of the server is evaluated.
 */
import { log } from "./ops/log";

/** The major version the project is built and measured on. */
export const RUNTIME_MAJOR = 24;
/** The oldest major that is still supported (security fixes from Node.js). */
export const SUPPORTED_MAJOR = 22;
/** The oldest major the server starts on at all. */
export const OLDEST_MAJOR = 20;

export type RuntimeVerdict =
  | { readonly kind: "supported"; readonly major: number }
  | { readonly kind: "out-of-support"; readonly major: number }
  | { readonly kind: "unsupported"; readonly major: number };

/** What the server makes of a Node.js version such as "24.22.3" or "v20.19.0". */
export function runtimeVerdict(version: string): RuntimeVerdict {
  const major = Number.parseInt(version.replace(/^v/, ""), 10);
  if (!Number.isFinite(major) || major < OLDEST_MAJOR) return { kind: "unsupported", major };
  if (major < SUPPORTED_MAJOR) return { kind: "out-of-support", major };
  return { kind: "supported", major };
}

/** Logs the verdict for this process's Node.js; exits with 1 when it is unsupported. */
export function checkRuntime(version: string = process.versions.node): void {
  const verdict = runtimeVerdict(version);
  if (verdict.kind === "supported") return;
  if (verdict.kind === "out-of-support") {
    log.warn(
      { event: "runtime/out-of-support", node: version, use: RUNTIME_MAJOR },
      `Node.js ${version} is out of support (no security fixes): run the server on Node.js ${RUNTIME_MAJOR} (or ${SUPPORTED_MAJOR})`,
    );
    return;
  }
  log.fatal(
    {
      event: "cannot-start",
      reason: "runtime/unsupported",
      node: version,
      oldest: OLDEST_MAJOR,
      use: RUNTIME_MAJOR,
    },
    `the server cannot start on Node.js ${version}: it needs Node.js ${RUNTIME_MAJOR} (or ${SUPPORTED_MAJOR}; ${OLDEST_MAJOR} starts, out of support)`,
  );
  process.exit(1);
}

checkRuntime();
