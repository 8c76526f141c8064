/**
 * `--ramp`: the same scenario again and again with a fresh server, more tables each step,
 * until the round trip's p99 reaches the limit or anything fails; the largest size that held.
 */
import type { Options } from "./options";
import { runOnce, type Say } from "./phases";
import type { RunReport } from "./report";
import { shortTable } from "./shortTable";

/** What `--json` writes for a ramp: the steps' summaries and their full reports. */
function summaryOf(p99Limit: number, steps: readonly RunReport[], held: RunReport | null) {
  return {
    p99Limit,
    largestHeld: held
      ? { tables: held.tables, clients: held.clients.connected, roundTrip: held.roundTrip }
      : null,
    steps: steps.map((s) => ({
      tables: s.tables,
      clients: s.clients.connected,
      ok: s.ok,
      failures: s.failures,
      warnings: s.warnings,
      roundTrip: s.roundTrip,
      serverCpuPercent: s.server.cpuPercent,
      generatorCpuPercent: s.generators.map((g) => g.cpuPercent),
    })),
    reports: steps,
  };
}

/** Runs the steps, printing each; returns the summary and whether at least the first held. */
export async function ramp(
  o: Options,
  { factor, maxTables }: { factor: number; maxTables: number },
  print: (text: string) => void,
  say: Say,
): Promise<{ summary: ReturnType<typeof summaryOf>; held: boolean }> {
  const steps: RunReport[] = [];
  let held: RunReport | null = null;
  for (let tables = o.tables, step = 1; tables <= maxTables; step++) {
    const r = await runOnce(o, tables, step, say);
    steps.push(r);
    const holds = r.ok && r.roundTrip.p99 < o.p99Limit;
    print(`\nstep ${step}: ${holds ? "held" : "did not hold"}`);
    print(shortTable(r));
    if (!holds) break;
    held = r;
    const next = Math.ceil(tables * factor);
    tables = next > tables ? next : tables + 1;
  }
  print(
    held
      ? `\nlargest size that held p99 < ${o.p99Limit} ms with nothing lost, stuck or refused: ${held.tables} tables, ${held.clients.connected} connections${held === steps.at(-1) ? ` (the ramp stopped at --ramp-max ${maxTables})` : ""}`
      : `\nno size held p99 < ${o.p99Limit} ms with nothing lost, stuck or refused`,
  );
  return { summary: summaryOf(o.p99Limit, steps, held), held: held !== null };
}
