/**
 * The report's figures for each server process: what it held, read from its metrics text, and
 * its CPU, memory and their cost per 1000 connections, from readings made up here.
 */
import { describe, expect, it } from "vitest";
import {
  heapFigures,
  noReadings,
  type ProcessReadings,
  processFigures,
} from "../../loadtest/report";
import { type Holding, holdingOf, type Sample } from "../../loadtest/server";

const METRICS = `# HELP crossboard_tables Tables open in this process, by game and phase.
# TYPE crossboard_tables gauge
crossboard_tables{game="xiangqi",phase="playing"} 18
crossboard_tables{game="xiangqi",phase="finished"} 2
# HELP crossboard_clients Connections to tables in this process.
# TYPE crossboard_clients gauge
crossboard_clients{role="player"} 40
crossboard_clients{role="spectator"} 40
crossboard_clients_other 7
# HELP nodejs_heap_size_total_bytes Process heap size from Node.js in bytes.
# TYPE nodejs_heap_size_total_bytes gauge
nodejs_heap_size_total_bytes 300000000
# TYPE nodejs_heap_size_used_bytes gauge
nodejs_heap_size_used_bytes 200000000
# TYPE nodejs_external_memory_bytes gauge
nodejs_external_memory_bytes 5000000
# TYPE crossboard_heap_live_bytes gauge
crossboard_heap_live_bytes 120000000
`;

const MB = 1048576;
const held = (connections: number, tables: number, heap: Partial<Holding> = {}): Holding => ({
  connections,
  tables,
  heapTotalBytes: 0,
  heapUsedBytes: 0,
  heapLiveBytes: 0,
  externalBytes: 0,
  ...heap,
});
/** One process's readings with nothing read but `some`. */
const readings = (some: Partial<ProcessReadings>): ProcessReadings => ({
  ...noReadings(1, "ws://127.0.0.1:1"),
  ...some,
});
const at = (s: number, cpuMs: number, rssMB: number): Sample => ({
  at: s * 1000,
  cpuMs,
  mainMs: cpuMs / 2,
  rssBytes: rssMB * MB,
});

describe("per-process figures", () => {
  it("read connections and tables from a process's metrics, over every label", () => {
    expect(holdingOf(METRICS)).toEqual({
      connections: 80,
      tables: 20,
      heapTotalBytes: 300_000_000,
      heapUsedBytes: 200_000_000,
      heapLiveBytes: 120_000_000,
      externalBytes: 5_000_000,
    });
    expect(holdingOf("")).toEqual(held(0, 0));
  });

  it("give CPU and RSS while playing, and their cost per 1000 connections", () => {
    const p: ProcessReadings = {
      pid: 42,
      url: "ws://127.0.0.1:1",
      idle: at(0, 0, 100),
      atReady: at(10, 1000, 110),
      // 10 s later, 2.5 s of CPU: 25 % of a core.
      atStop: at(20, 3500, 120),
      samples: [at(15, 2000, 130)],
      holding: [held(480, 120), held(520, 130)],
      idleHolding: null,
    };
    expect(processFigures(p)).toEqual({
      pid: 42,
      url: "ws://127.0.0.1:1",
      cpuPercent: 25,
      mainThreadPercent: 12.5,
      rssIdleMB: 100,
      rssMeanMB: 120,
      rssPeakMB: 130,
      connections: 500,
      tables: 125,
      cpuPercentPer1000: 50,
      // (120 − 100) MB for 500 connections.
      rssAboveIdleMBPer1000: 40,
    });
  });

  it("leave out what was not read", () => {
    const f = processFigures(readings({}));
    expect(f.cpuPercent).toBeNull();
    expect(f.rssMeanMB).toBeNull();
    expect(f.connections).toBeNull();
    expect(f.cpuPercentPer1000).toBeNull();
  });

  it("give the heap: live per table from the last full collection, less the idle heap", () => {
    const p = (idleUsed: number, live: number[]): ProcessReadings =>
      readings({
        idleHolding: held(0, 0, { heapUsedBytes: idleUsed * MB }),
        holding: live.map((l, i) =>
          held(0, 0, {
            heapLiveBytes: l * MB,
            heapUsedBytes: (l + 100) * MB,
            heapTotalBytes: (l + 200 + i * 10) * MB,
            externalBytes: 2 * MB,
          }),
        ),
      });
    // Two processes, 20 MB each idle, 120 and 80 MB live at the stop: 160 MB for 2048 tables.
    expect(heapFigures([p(20, [0, 100, 120]), p(20, [0, 60, 80])], 2048)).toEqual({
      idleUsedMB: 40,
      // Means of (200, 310, 340) and (200, 270, 300); of (100, 200, 220) and (100, 160, 180).
      committedMeanMB: 540,
      usedMeanMB: 320,
      liveAtStopMB: 200,
      externalMeanMB: 4,
      livePerTableKB: 80,
    });
  });

  it("tell no heap without metrics, or no live figure before a full collection", () => {
    expect(heapFigures([], 10)).toBeNull();
    const noFull = readings({
      idleHolding: held(0, 0, { heapUsedBytes: 20 * MB }),
      holding: [held(0, 0, { heapUsedBytes: 50 * MB })],
    });
    expect(heapFigures([noFull], 10)?.livePerTableKB).toBeNull();
  });
});
