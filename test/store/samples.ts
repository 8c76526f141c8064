/** Records the store tests write: tables, one action of every shape, archived games. */

import type { ActionRecord, GameRecord, TableRecord } from "../../server/store/types";
import type { Action } from "../../shared/match/match";
import { defaultRules } from "../../shared/match/rules";

export function tableRecord(
  id: string,
  createdAt: number,
  overrides: Partial<TableRecord> = {},
): TableRecord {
  return {
    id,
    options: {
      game: "fourchess",
      format: "teams",
      private: true,
      mode: "online",
      rules: { format: "teams", moveLimit: 40, custom: { nested: [1, "two", null, true] } },
      name: "Host",
    },
    seed: 12345,
    secret: "c2VjcmV0LXNlY3JldC1zZWM",
    createdAt,
    ...overrides,
  };
}

/**
 * One action of every type of the `Action` union, nested objects included. Keyed by type, so a
 * new action type fails to compile here until it has a sample.
 */
export const ACTIONS: { readonly [T in Action["type"]]: readonly Extract<Action, { type: T }>[] } =
  {
    sit: [{ type: "sit", player: "p1", name: 'Zoë 🐉 "quoted" \\ back', seat: 2 }],
    stand: [{ type: "stand", player: "p1" }],
    rules: [
      { type: "rules", player: "p1", host: true, rules: defaultRules("fourchess") },
      {
        type: "rules",
        player: "p1",
        host: false,
        rules: {
          ...defaultRules("xiangqi"),
          moveLimit: 120,
          turnTimer: 30,
          handicap: "red-one-horse",
        },
      },
      {
        type: "rules",
        player: "p1",
        host: true,
        rules: { ...defaultRules("xiangqi"), clock: { base: 300, increment: 3, delay: 0 } },
      },
    ],
    start: [{ type: "start", player: "p1", host: true }],
    "auto-start": [{ type: "auto-start" }],
    move: [
      { type: "move", player: "p1", move: { from: "e2", to: "e4" } },
      { type: "move", player: "p2", move: { from: "h13", to: "h14", promotion: "Q" } },
    ],
    premove: [
      { type: "premove", player: "p1", move: { from: "h2", to: "h3" } },
      { type: "premove", player: "p1", move: null },
    ],
    "cpu-move": [
      { type: "cpu-move", seat: 3, ply: 17, move: { from: "a1", to: "a2", promotion: "D" } },
    ],
    resign: [{ type: "resign", player: "p2" }],
    "offer-draw": [{ type: "offer-draw", player: "p1" }],
    "answer-draw": [
      { type: "answer-draw", player: "p2", accept: true },
      { type: "answer-draw", player: "p3", accept: false },
    ],
    "request-takeback": [{ type: "request-takeback", player: "p1" }],
    "answer-takeback": [{ type: "answer-takeback", player: "p2", accept: false }],
    timeout: [{ type: "timeout", ply: 0 }],
    "stand-in-due": [{ type: "stand-in-due", seat: 0, ply: 99 }],
    drop: [{ type: "drop", player: "p1" }],
    return: [{ type: "return", player: "p1" }],
    leave: [{ type: "leave", player: "p3" }],
    abandon: [{ type: "abandon" }],
    "play-again": [{ type: "play-again", player: "p1" }],
    "decline-rematch": [{ type: "decline-rematch", player: "p2" }],
    resume: [{ type: "resume" }, { type: "resume", since: 1_700_000_000_000 }],
    halt: [{ type: "halt" }],
    unpause: [{ type: "unpause", since: 1_700_000_000_000 }],
  };

export const ALL_ACTIONS: readonly Action[] = Object.values(ACTIONS).flat();

/** `n` actions with versions 1..n, cycling through every shape. */
export function actionRecords(n: number, start = 1_700_000_000_000): ActionRecord[] {
  return Array.from({ length: n }, (_, i) => ({
    version: i + 1,
    at: start + i * 250,
    action: ALL_ACTIONS[i % ALL_ACTIONS.length]!,
  }));
}

export function gameRecord(
  id: string,
  finishedAt: number,
  overrides: Partial<GameRecord> = {},
): GameRecord {
  return {
    id,
    tableId: "T4BLE2",
    private: false,
    game: "xiangqi",
    format: "teams",
    rules: { ...defaultRules("xiangqi") },
    startFen: "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w",
    players: [
      { name: "Ana", kind: "human" },
      { name: "CPU", kind: "cpu" },
    ],
    moves: [
      {
        seat: 0,
        from: "h2",
        to: "e2",
        promotion: null,
        notation: "C2=5",
        by: "player",
        at: finishedAt - 2000,
      },
      {
        seat: 1,
        from: null,
        to: null,
        promotion: null,
        notation: "R",
        by: "cpu",
        at: finishedAt - 1000,
      },
    ],
    result: {
      reason: "resignation",
      draw: false,
      winners: [0],
      placing: [0, 1],
      message: "Red wins.",
    },
    startedAt: finishedAt - 60_000,
    finishedAt,
    ...overrides,
  };
}
