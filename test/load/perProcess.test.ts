/**
 * The report's figures for each server process: what it held, read from its metrics text, and
 * its CPU, memory and their cost per 1000 connections, from readings made up here.
 */
import { describe, expect, it } from "vitest";
import { type ProcessReadings, processFigures } from "../../loadtest/report";
import { holdingOf, type Sample } from "../../loadtest/server";

const METRICS = `# HELP crossboard_tables Tables open in this process, by game and phase.
# TYPE crossboard_tables gauge
crossboard_tables{game="xiangqi",phase="playing"} 18
crossboard_tables{game="xiangqi",phase="finished"} 2
# HELP crossboard_clients Connections to tables in this process.
# TYPE crossboard_clients gauge
crossboard_clients{role="player"} 40
crossboard_clients{role="spectator"} 40
crossboard_clients_other 7
`;

const MB = 1048576;
const at = (s: number, cpuMs: number, rssMB: number): Sample => ({
  at: s * 1000,
  cpuMs,
  mainMs: cpuMs / 2,
  rssBytes: rssMB * MB,
});

describe("per-process figures", () => {
  it("read connections and tables from a process's metrics, over every label", () => {
    expect(holdingOf(METRICS)).toEqual({ connections: 80, tables: 20 });
    expect(holdingOf("")).toEqual({ connections: 0, tables: 0 });
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
      holding: [
        { connections: 480, tables: 120 },
        { connections: 520, tables: 130 },
      ],
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
    const f = processFigures({
      pid: 1,
      url: "ws://127.0.0.1:1",
      idle: null,
      atReady: null,
      atStop: null,
      samples: [],
      holding: [],
    });
    expect(f.cpuPercent).toBeNull();
    expect(f.rssMeanMB).toBeNull();
    expect(f.connections).toBeNull();
    expect(f.cpuPercentPer1000).toBeNull();
  });
});
