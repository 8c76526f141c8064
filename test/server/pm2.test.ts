/**
 * Outside PM2, the `@pm2/io` that Colyseus loads is a stand-in: no wrapped `http`, no reading of
 * every open handle each second (server/ops/pm2.ts).
 */
import { expect, it } from "vitest";
import { quietPm2 } from "../../server/ops/pm2";

it("gives Colyseus a stand-in for @pm2/io outside PM2, which counts nothing", async () => {
  const handles = process as unknown as { _getActiveHandles: () => unknown[] };
  const real = handles._getActiveHandles;
  let listed = 0;
  handles._getActiveHandles = () => {
    listed++;
    return real.call(process);
  };
  quietPm2({});
  const io = (await import("@pm2/io")).default as unknown as Record<string, unknown>;
  expect(typeof io.metric).toBe("function");
  // The real library has its whole API (init, destroy, …); the stand-in only what Colyseus calls.
  expect(io.init).toBeUndefined();
  const metric = (io.metric as (o: object) => { set(v: number): void })({ name: "ccu" });
  metric.set(3);
  await new Promise((r) => setTimeout(r, 1100));
  expect(listed).toBe(0);
  handles._getActiveHandles = real;
});
