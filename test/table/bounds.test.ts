/**
 * What one table may cost the store: actions that change nothing store nothing, the actions
 * people make that are not moves are bounded per table, aborted games are not archived, and the
 * finished games of the tables one address opened are archived only within its budget.
 */

import { describe, expect, it, vi } from "vitest";
import { logTag } from "../../server/edge/addressKey";
import { AbuseLog } from "../../server/ops/log";
import type { GameRecord } from "../../server/store/types";
import { TABLE_ACTION_BURST } from "../../server/table/actionBudget";
import { ArchiveBudget } from "../../server/table/archiveBudget";
import { type FakeConnection, type Rig, rig, settle } from "./rig";

const stored = async (r: Rig) => (await r.store.openTables())[0]!.actions.length;

/** The games the table archived. */
function archived(r: Rig): GameRecord[] {
  const saved: GameRecord[] = [];
  const save = r.store.saveGame.bind(r.store);
  r.store.saveGame = (g) => {
    saved.push(g);
    save(g);
  };
  return saved;
}

/** Two people at a xiangqi table, seated, not started. */
function two(
  opts: Parameters<typeof rig>[1] = {},
): Rig & { ana: FakeConnection; budi: FakeConnection } {
  const r = rig({ game: "xiangqi", name: "Ana" }, opts);
  const ana = r.join({ name: "Ana", seat: 0 });
  const budi = r.join({ name: "Budi", seat: 1 });
  for (const c of [ana, budi]) r.table.request("hello", c, undefined);
  return Object.assign(r, { ana, budi });
}

/** Against the computer at xiangqi, started. */
function vsCpu(opts: Parameters<typeof rig>[1] = {}): Rig & { ana: FakeConnection } {
  const r = rig({ game: "xiangqi", name: "Ana", mode: "computer" }, opts);
  const ana = r.join({ name: "Ana", seat: 0 });
  r.table.request("hello", ana, undefined);
  if (r.table.match.phase === "waiting")
    expect(r.table.request("start", ana, undefined)).toBeNull();
  return Object.assign(r, { ana });
}

const firstMove = (r: Rig) => r.table.match.game!.legalMoves()[0]!;

/** Lets the CPU move until it is the person's turn. */
async function personToMove(r: Rig): Promise<void> {
  const person = r.table.match.seats.findIndex((s) => s.kind === "human");
  for (let i = 0; i < 20 && r.table.match.game!.turn !== person; i++) await settle();
  expect(r.table.match.game!.turn).toBe(person);
}

describe("actions that change nothing", () => {
  it("are answered as done and store nothing: rules as they are, the premove already queued", async () => {
    const r = two();
    const rows = await stored(r);
    const version = r.table.match.version;
    expect(
      r.table.request("rules", r.ana, { rules: { hints: r.table.match.rules.hints } }),
    ).toBeNull();
    expect(r.table.request("rules", r.ana, { rules: {} })).toBeNull();
    expect([await stored(r), r.table.match.version]).toEqual([rows, version]);
    expect(r.table.request("start", r.ana, undefined)).toBeNull();
    expect(r.table.request("move", r.ana, firstMove(r))).toBeNull();
    // Red waits for Black: a premove, then the same premove again, then clearing twice.
    const premove = { from: "b2", to: "c2" };
    expect(r.table.request("premove", r.ana, premove)).toBeNull();
    const queued = await stored(r);
    expect(r.table.request("premove", r.ana, premove)).toBeNull();
    expect(await stored(r)).toBe(queued);
    expect(r.ana.last("premove")).toEqual({ move: premove });
    expect(r.table.request("premove", r.ana, {})).toBeNull();
    expect(r.table.request("premove", r.ana, {})).toBeNull();
    expect(await stored(r)).toBe(queued + 1);
  });
});

describe("the per-table bound on actions that are not moves", () => {
  it("refuses them with rate/limited past the burst, lets them on as it refills, never bounds moves", async () => {
    const r = two();
    let accepted = 0;
    let refused: string | undefined;
    for (let i = 0; i < 200 && !refused; i++) {
      const hints = !r.table.match.rules.hints;
      refused = r.table.request("rules", r.ana, { rules: { hints } })?.code;
      if (!refused) accepted++;
    }
    expect(refused).toBe("rate/limited");
    // The two sits counted too.
    expect(accepted).toBe(TABLE_ACTION_BURST - 2);
    const rows = await stored(r);
    expect(r.table.request("start", r.ana, undefined)?.code).toBe("rate/limited");
    expect(await stored(r)).toBe(rows);
    r.clock.advance(1000);
    expect(r.table.request("start", r.ana, undefined)).toBeNull();
    // The bucket is empty again; moves and resignations go through all the same.
    for (let i = 0; i < 6; i++) {
      const c = r.table.match.game!.turn === 0 ? r.ana : r.budi;
      expect(r.table.request("move", c, firstMove(r))).toBeNull();
    }
    expect(r.table.request("draw", r.ana, { action: "offer" })?.code).toBe("rate/limited");
    expect(r.table.request("resign", r.budi, undefined)).toBeNull();
    expect(r.table.match.phase).toBe("finished");
  });
});

describe("aborted games", () => {
  it("are shown as aborted, not archived, and the table plays again as after any result", async () => {
    const r = two();
    const games = archived(r);
    expect(r.table.request("start", r.ana, undefined)).toBeNull();
    expect(r.table.request("move", r.ana, firstMove(r))).toBeNull();
    expect(r.table.request("resign", r.budi, undefined)).toBeNull();
    expect(r.table.match.game!.outcome).toMatchObject({ code: "aborted", winners: [] });
    expect(games).toHaveLength(0);
    expect(await r.store.game(r.table.gameId())).toBeNull();
    for (const c of [r.ana, r.budi]) expect(r.table.request("playAgain", c, undefined)).toBeNull();
    expect([r.table.match.phase, r.table.match.gameNumber]).toEqual(["playing", 2]);
  });
});

describe("the archive budget of an address", () => {
  it("archives the games of the tables one address opened up to its budget, and says so once", async () => {
    const warn = vi.fn();
    const clock = { now: 1_700_000_000_000 };
    const abuse = new AbuseLog(3_600_000, { warn } as never, () => clock.now);
    const budget = new ArchiveBudget(3, abuse);
    const saved: GameRecord[][] = [];
    // Two tables opened from the same address share its budget.
    for (const id of ["TABLE1", "TABLE2"]) {
      const r = vsCpu({ archiveBudget: budget, id });
      clock.now = r.clock.now;
      saved.push(archived(r));
      for (let game = 0; game < 3; game++) {
        await personToMove(r);
        expect(r.table.request("move", r.ana, firstMove(r))).toBeNull();
        expect(r.table.request("resign", r.ana, undefined)).toBeNull();
        expect(r.table.match.game!.outcome?.code).toBe("resignation");
        expect(r.table.request("playAgain", r.ana, undefined)).toBeNull();
      }
    }
    expect(saved.map((games) => games.length)).toEqual([3, 0]);
    // One line for the address within the window; the rest are counted in it.
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]![0]).toMatchObject({
      event: "abuse",
      kind: "archive-budget",
      source: logTag("192.0.2.1"),
      perHour: 3,
    });
    abuse.close();
    expect(warn).toHaveBeenLastCalledWith(
      expect.objectContaining({ kind: "archive-budget", suppressed: 2 }),
      expect.any(String),
    );
  });

  it("refills by the hour, and 0 sets no bound", () => {
    const budget = new ArchiveBudget(2);
    const t0 = 1_000_000;
    expect([budget.charge("a", t0, "T"), budget.charge("a", t0, "T")]).toEqual([true, true]);
    expect(budget.charge("a", t0, "T")).toBe(false);
    expect(budget.charge("b", t0, "T"), "another address has its own").toBe(true);
    expect(budget.charge("a", t0 + 30 * 60_000, "T"), "half an hour: one game").toBe(true);
    expect(budget.charge("a", t0 + 30 * 60_000, "T")).toBe(false);
    const none = new ArchiveBudget(0);
    for (let i = 0; i < 1000; i++) expect(none.charge("a", t0, "T")).toBe(true);
  });
});
