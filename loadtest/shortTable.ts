/**
 * The short table a run prints: one line per figure (loadtest/README.md says what each means),
 * then the warnings, the verdict, and the first incidents and error samples.
 */
import type { RunReport } from "./report";
import { totalOf } from "./stats";

type Row = [string, string];

/** The people, moves and games, the round trips and what went wrong. */
function playRows(r: RunReport): Row[] {
  return [
    [
      "tables, connections",
      `${r.tables}, ${r.clients.connected} of ${r.clients.planned} (${r.clients.players} players, ${r.clients.spectators} spectators)`,
    ],
    [
      "played",
      `${(r.durationMs / 1000).toFixed(0)} s after ${(r.setupMs / 1000).toFixed(1)} s to open`,
    ],
    [
      "joins, drops, comebacks",
      `${totalOf(r.joins)}, ${r.drops}, ${
        Object.entries(r.reconnects)
          .map(([k, n]) => `${n} ${k}`)
          .join(", ") || "0"
      } (${r.reconnectRetries} retried)`,
    ],
    [
      "moves",
      `${r.moves.played} played (${r.moves.perSecond}/s; ${r.moves.byCpu} by CPU seats, ${r.moves.byStandIn} by stand-ins), ${r.moves.sent} sent by people, ${r.moves.acked} answered by a patch, ${r.moves.refused} refused`,
    ],
    [
      "games",
      `${r.games.finished} finished, ${r.games.again} played again, ${r.games.closed} closed, ${r.games.opened} tables opened`,
    ],
    [
      "move round trip",
      `p50 ${r.roundTrip.p50} ms, p95 ${r.roundTrip.p95} ms, p99 ${r.roundTrip.p99} ms, max ${r.roundTrip.max} ms`,
    ],
    [
      "health check",
      `p50 ${r.health.p50} ms, p99 ${r.health.p99} ms, max ${r.health.max} ms (${r.health.count} asked by the runner${r.health.failures ? `, ${r.health.failures} failed` : ""})`,
    ],
    [
      "errors",
      totalOf(r.errors) === 0
        ? "none"
        : Object.entries(r.errors)
            .map(([k, n]) => `${k} ×${n}`)
            .join(", "),
    ],
    [
      "lost moves",
      `${r.lostMoves.total} (${r.lostMoves.unseen} unseen, ${r.lostMoves.unanswered} unanswered)`,
    ],
    ["stuck turns", String(r.stuckTurns)],
  ];
}

/** With several server processes or a CPU budget: how many, the budget, and a line each. */
function processRows(r: RunReport): Row[] {
  const { processes, cpuBudgetCores, perProcess } = r.server;
  if (processes <= 1 && cpuBudgetCores === null) return [];
  const rows: Row[] = [
    [
      "server processes",
      `${processes}${processes > 1 ? " behind Redis" : ""}, ${cpuBudgetCores === null ? "no CPU budget" : `each held to ${cpuBudgetCores} core(s) by its cgroup`}`,
    ],
  ];
  const n = (x: number | null, unit = "") => (x === null ? "?" : `${x}${unit}`);
  for (const [i, p] of perProcess.entries())
    rows.push([
      `  process ${i} (pid ${p.pid})`,
      `CPU ${n(p.cpuPercent, " %")} (main thread ${n(p.mainThreadPercent, " %")}), RSS ${n(p.rssMeanMB)} MB mean, ${n(p.rssPeakMB)} MB peak (${n(p.rssIdleMB)} idle), ${n(p.connections)} conns at ${n(p.tables)} tables; per 1000 conns ${n(p.cpuPercentPer1000, " % CPU")}, ${n(p.rssAboveIdleMBPer1000, " MB")} RSS above idle`,
    ]);
  return rows;
}

/** The server's and the generators' costs, and how busy the machine was. */
function costRows(r: RunReport): Row[] {
  return [
    ...processRows(r),
    [
      "server CPU",
      r.server.cpuPercent === null
        ? "unknown (no pid)"
        : `${r.server.cpuPercent} % of a core (${r.server.processes > 1 ? `${r.server.processes} processes, main threads` : "main thread"} ${r.server.mainThreadPercent} %, busiest second ${r.server.cpuPercentMax1s} %)`,
    ],
    [
      "server memory",
      r.server.rssEndMB === null
        ? "unknown (no pid)"
        : `RSS ${r.server.rssIdleMB} MB idle, ${r.server.rssMeanMB} MB on average while playing (peak ${r.server.rssPeakMB}); ${r.server.memoryPerTableKB === null ? "too few tables to tell the memory per table" : `${r.server.memoryPerTableKB} KB per table`}`,
    ],
    [
      "server heap",
      r.server.heap === null
        ? "unknown (no metrics)"
        : `${r.server.heap.idleUsedMB} MB used idle; while playing ${r.server.heap.committedMeanMB} MB committed and ${r.server.heap.usedMeanMB} MB used on average, ${r.server.heap.externalMeanMB} MB of buffers; ${r.server.heap.liveAtStopMB} MB live after the last full collection${r.server.heap.livePerTableKB === null ? "" : `: ${r.server.heap.livePerTableKB} KB live per table`}`,
    ],
    [
      "bytes per move per spectator",
      r.spectatorBytesPerMove === null
        ? "no spectator saw a move"
        : String(r.spectatorBytesPerMove),
    ],
    [
      "generators",
      r.generators
        .map(
          (g) =>
            `#${g.index}: ${g.clients} conns, ${g.cpuPercent} % CPU, loop delay p99 ${g.loopDelayP99} ms (max ${g.loopDelayMax})`,
        )
        .join("; "),
    ],
    [
      "machine",
      `${r.machine.cores} cores, ${r.machine.cpuPercent ?? "?"} % of one core busy in all, ${r.machine.othersCpuPercent ?? "?"} % by other processes; load ${r.machine.loadAtStart} → ${r.machine.loadAtEnd}`,
    ],
  ];
}

/** The short table printed after a run. */
export function shortTable(r: RunReport): string {
  const rows = [...playRows(r), ...costRows(r)];
  const width = Math.max(...rows.map(([k]) => k.length));
  const lines = rows.map(([k, v]) => `${k.padEnd(width)}  ${v}`);
  for (const w of r.warnings) lines.push(`warning: ${w}`);
  lines.push(r.ok ? "result: held" : `result: FAILED: ${r.failures.join("; ")}`);
  for (const i of r.incidents.slice(0, 10)) lines.push(`  ${i.table}: ${i.what}`);
  for (const [k, m] of Object.entries(r.errorSamples).slice(0, 10)) lines.push(`  ${k}: ${m}`);
  return lines.join("\n");
}
