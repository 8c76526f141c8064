/**
 * Colyseus loads `@pm2/io` to report its room and client counts to PM2's dashboard. Loaded by
 * itself, that library also wraps `http` and, every second, lists every open handle of the
 * process (one per connection): at thousands of clients a stall of several milliseconds a
 * second for figures nobody reads. Outside PM2 it gets a stand-in that records nothing; the
 * figures are at `/metrics` (metrics.ts). Under PM2 (`pm_id` set) the library loads as usual.
 */
const KEY = Symbol.for("@pm2/io");

export function quietPm2(env: NodeJS.ProcessEnv = process.env): void {
  if (env.pm_id !== undefined) return;
  const holder = globalThis as unknown as Record<symbol, unknown>;
  holder[KEY] ??= { metric: () => ({ set: () => undefined }) };
}
