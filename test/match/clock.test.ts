import { describe, expect, it } from "vitest";
import { unwrap } from "../../shared/core/result";
import { startFourChess } from "../../shared/games/fourchess/adapter";
import { STAND_IN_MARGIN_S } from "../../shared/match/clock";
import { parseRules } from "../../shared/match/houseRules";
import type { Action, Match } from "../../shared/match/match";
import { numberPieces } from "../../shared/match/pieces";
import { type ClockRule, defaultRules, type HouseRules } from "../../shared/match/rules";
import { botTurn, nextTimedAction } from "../../shared/match/timing";
import { fen4, game as fourChess, KINGS, legal } from "../fourchess/helpers";
import { newMatch, refused, run, started } from "./helpers";

const parse = (input: unknown, base = defaultRules("xiangqi")) =>
  parseRules("xiangqi", input, base);

function refusedWith(input: unknown, reason: RegExp, base = defaultRules("xiangqi")): void {
  const r = parse(input, base);
  expect(r.ok).toBe(false);
  if (!r.ok) {
    expect(r.error.code).toBe("rules/invalid");
    expect(r.error.message).toMatch(reason);
  }
}

describe("the clock house rule", () => {
  it("is none by default and takes base, increment and delay in seconds", () => {
    expect(defaultRules("fourchess").clock).toBeNull();
    const fiveThree = parse({ clock: { base: 300, increment: 3, delay: 0 } });
    expect(fiveThree.ok && fiveThree.value.clock).toEqual({ base: 300, increment: 3, delay: 0 });
    const delayed = parseRules(
      "fourchess",
      { clock: { base: 60, increment: 0, delay: 15 } },
      defaultRules("fourchess"),
    );
    expect(delayed.ok && delayed.value.clock).toEqual({ base: 60, increment: 0, delay: 15 });
    const none = parse(
      { clock: null },
      { ...defaultRules("xiangqi"), clock: fiveThree.ok ? fiveThree.value.clock : null },
    );
    expect(none.ok && none.value.clock).toBeNull();
    // The ends of each range are allowed.
    expect(parse({ clock: { base: 15, increment: 60, delay: 0 } }).ok).toBe(true);
    expect(parse({ clock: { base: 5400, increment: 0, delay: 60 } }).ok).toBe(true);
  });

  it("refuses values out of range, missing or extra parts and both increment and delay", () => {
    refusedWith({ clock: { base: 14, increment: 0, delay: 0 } }, /clock\.base .* 15 to 5400/);
    refusedWith({ clock: { base: 5401, increment: 0, delay: 0 } }, /clock\.base/);
    refusedWith({ clock: { base: 60.5, increment: 0, delay: 0 } }, /whole number/);
    refusedWith({ clock: { base: "60", increment: 0, delay: 0 } }, /clock\.base/);
    refusedWith({ clock: { base: 60, increment: 61, delay: 0 } }, /clock\.increment .* 0 to 60/);
    refusedWith({ clock: { base: 60, increment: -1, delay: 0 } }, /clock\.increment/);
    refusedWith({ clock: { base: 60, increment: 0, delay: 61 } }, /clock\.delay .* 0 to 60/);
    refusedWith({ clock: { base: 60, increment: 0 } }, /clock\.delay/);
    refusedWith({ clock: { base: 60, increment: 0, delay: 0, bonus: 1 } }, /"bonus" is not part/);
    refusedWith({ clock: { base: 60, increment: 2, delay: 2 } }, /increment or a delay, not both/);
    refusedWith({ clock: 300 }, /null or \{ base, increment, delay \}/);
    refusedWith({ clock: [300, 2, 0] }, /null or/);
  });

  it("is a clock or a turn timer, never both", () => {
    refusedWith(
      { turnTimer: 30, clock: { base: 300, increment: 3, delay: 0 } },
      /clock or a turn timer, not both/,
    );
    // Setting one where the table had the other replaces it.
    const timed = { ...defaultRules("xiangqi"), turnTimer: 30 as const };
    const clocked = parse({ clock: { base: 300, increment: 3, delay: 0 } }, timed);
    expect(clocked.ok && [clocked.value.turnTimer, clocked.value.clock?.base]).toEqual([0, 300]);
    if (!clocked.ok) return;
    const back = parse({ turnTimer: 60 }, clocked.value);
    expect(back.ok && [back.value.turnTimer, back.value.clock]).toEqual([60, null]);
    // Turning one off leaves the other as it was.
    const off = parse({ turnTimer: 0 }, clocked.value);
    expect(off.ok && off.value.clock?.base).toBe(300);
    expect(parse({ turnTimer: 0, clock: { base: 60, increment: 0, delay: 5 } }).ok).toBe(true);
  });
});

const fiveThree = { base: 300, increment: 3, delay: 0 };

/** A xiangqi game of two people, Red "r" and Black "b", started at `now`. */
function xiangqi(clock: ClockRule | null, now = 0, rules: Partial<HouseRules> = {}): Match {
  let m = newMatch("xiangqi", { clock, ...rules });
  m = run(
    m,
    now,
    { type: "sit", player: "r", name: "R", seat: 0 },
    { type: "sit", player: "b", name: "B", seat: 1 },
  );
  return run(m, now, { type: "start", player: "r", host: true });
}

const move = (player: string, from: string, to: string): Action => ({
  type: "move",
  player,
  move: { from, to },
});

describe("the clock in the game", () => {
  it("starts every seat at the base and runs only for the seat to move; the increment follows each move", () => {
    let m = xiangqi(fiveThree, 1000);
    expect(m.clocks).toEqual([300_000, 300_000]);
    // Red's flag falls five minutes after its turn began.
    expect(m.deadline).toBe(1000 + 300_000);
    m = run(m, 6000, move("r", "h2", "e2"));
    // Red used 5 s and got 3 s: 298 s. Black's clock did not move while Red thought.
    expect(m.clocks).toEqual([298_000, 300_000]);
    expect(m.log.at(-1)?.clock).toBe(298_000);
    expect(m.deadline).toBe(6000 + 300_000);
    m = run(m, 26_000, move("b", "h9", "g7"));
    expect(m.clocks).toEqual([298_000, 283_000]);
    expect(m.log.map((e) => e.clock)).toEqual([298_000, 283_000]);
    expect(m.used).toEqual([5000, 20_000]);
  });

  it("does not count the first `delay` seconds of a turn", () => {
    let m = started(["a", "b", "c", "d"], { clock: { base: 60, increment: 0, delay: 15 } });
    // The flag falls after the delay and the whole clock.
    expect(m.deadline).toBe(15_000 + 60_000);
    m = run(m, 10_000, move("a", "h2", "h3"));
    // 10 s, all inside the delay: nothing off the clock.
    expect(m.clocks[0]).toBe(60_000);
    m = run(m, 10_000 + 20_000, move("b", "b7", "c7"));
    // 20 s: the 5 s after the delay count.
    expect(m.clocks[1]).toBe(55_000);
    expect(m.deadline).toBe(30_000 + 15_000 + 60_000);
  });

  it("refuses a move that comes after the flag fell; the timeout then ends the game", () => {
    const m = xiangqi({ base: 15, increment: 0, delay: 0 });
    refused(m, move("r", "h2", "e2"), "clock/out", 15_000);
    expect(nextTimedAction(m)).toEqual({ at: 15_000, action: { type: "timeout", ply: 0 } });
    refused(m, { type: "timeout", ply: 0 }, "timer/early", 14_999);
  });

  it("xiangqi: the side whose flag falls loses on time", () => {
    let m = xiangqi(fiveThree);
    m = run(m, 1000, move("r", "h2", "e2"));
    m = run(m, 2000, move("b", "h9", "g7"));
    const flagAt = m.deadline!;
    m = run(m, flagAt, { type: "timeout", ply: 2 });
    expect(m.phase).toBe("finished");
    const outcome = m.game!.outcome!;
    expect([outcome.reason, outcome.code, outcome.winners]).toEqual(["timeout", "timeout", [1]]);
    expect(outcome.message).toBe("Red ran out of time. Black wins.");
    expect(m.game!.out).toEqual(["timed-out", null]);
    expect(m.log.at(-1)).toMatchObject({ seat: 0, move: null, notation: "T", timeout: true });
    expect(m.clocks).toEqual([0, 302_000]);
  });

  it("xiangqi: a flag that falls before its side moved aborts the game", () => {
    let m = xiangqi(fiveThree);
    m = run(m, 1000, move("r", "h2", "e2"));
    m = run(m, m.deadline!, { type: "timeout", ply: 1 });
    expect(m.phase).toBe("finished");
    expect(m.game!.outcome).toMatchObject({ reason: "aborted", code: "aborted", winners: [] });
    expect(m.game!.out).toEqual([null, null]);
  });

  it("Teams: the flagged seat's team loses", () => {
    let m = started(["a", "b", "c", "d"], { clock: { base: 60, increment: 0, delay: 0 } });
    m = run(m, 1000, move("a", "h2", "h3"), move("b", "b7", "c7"), move("c", "j13", "j12"));
    m = run(m, 1000, { type: "move", player: "d", move: m.game!.legalMoves()[0]! });
    m = run(m, m.deadline!, { type: "timeout", ply: 4 });
    expect(m.phase).toBe("finished");
    const outcome = m.game!.outcome!;
    expect([outcome.reason, outcome.winners]).toEqual(["timeout", [1, 3]]);
    expect(outcome.message).toBe("Red ran out of time. Blue and Green win.");
  });

  it("Individual: the flagged seat is out as after resigning, and the game goes on", () => {
    let m = started(["a", "b", "c", "d"], {
      format: "individual",
      clock: { base: 60, increment: 0, delay: 0 },
    });
    m = run(m, 1000, move("a", "h2", "h3"));
    m = run(m, m.deadline!, { type: "timeout", ply: 1 });
    expect(m.phase).toBe("playing");
    expect(m.game!.out[1]).toBe("timed-out");
    // Blue's pieces are grey; Yellow moves next with its own clock.
    expect(m.pieces.filter((p) => p.seat === 1)).toHaveLength(0);
    expect(m.game!.turn).toBe(2);
    expect(m.deadline).toBe(61_000 + 60_000);
    expect(m.log.at(-1)).toMatchObject({ seat: 1, notation: "T", timeout: true, clock: 0 });
  });

  it("a dropped player's stand-in moves after the grace, or sooner before their flag", () => {
    let m = xiangqi({ base: 60, increment: 0, delay: 0 });
    // Plenty on the clock: the stand-in moves after the grace (10 s).
    const away = run(m, 0, { type: "drop", player: "r" });
    expect(nextTimedAction(away)).toEqual({
      at: 10_000,
      action: { type: "stand-in-due", seat: 0, ply: 0 },
    });

    m = xiangqi({ base: 15, increment: 0, delay: 0 });
    m = run(m, 10_000, move("r", "h2", "e2"), move("b", "h9", "g7"));
    // Red's turn begins at 10 s with 5 s left, and Red drops: the grace would end at 20 s, the
    // flag falls at 15 s, so the stand-in moves STAND_IN_MARGIN_S before it.
    m = run(m, 10_000, { type: "drop", player: "r" });
    expect(m.clocks[0]).toBe(5000);
    const due = 15_000 - STAND_IN_MARGIN_S * 1000;
    expect(nextTimedAction(m)).toEqual({
      at: due,
      action: { type: "stand-in-due", seat: 0, ply: 2 },
    });
    refused(m, { type: "stand-in-due", seat: 0, ply: 2 }, "stand-in/early", due - 1);
    m = run(m, due, { type: "stand-in-due", seat: 0, ply: 2 });
    expect(botTurn(m)).toMatchObject({ seat: 0, by: "stand-in" });
    // No flag falls while the stand-in thinks, even past the flag: a slow CPU never loses a
    // person the game. Its move is charged what was left.
    expect(nextTimedAction(m)).toBeNull();
    m = run(m, 16_000, { type: "cpu-move", seat: 0, ply: 2, move: { from: "e2", to: "e6" } });
    expect(m.clocks[0]).toBe(0);
    expect(m.log.at(-1)).toMatchObject({ by: "stand-in", clock: 0 });
    expect(m.phase).toBe("playing");
  });
});

describe("takebacks on the clock", () => {
  it("give no time back: the turn they end is charged, the undone move's time stays spent", () => {
    let m = xiangqi(fiveThree, 0, { takebackConsent: false });
    m = run(m, 10_000, move("r", "h2", "e2"));
    expect(m.clocks).toEqual([293_000, 300_000]);
    m = run(m, 30_000, { type: "request-takeback", player: "r" });
    expect(m.log).toHaveLength(0);
    expect(m.game!.turn).toBe(0);
    // Black's 20 s are charged; Red keeps the clock its move left (no refund of the 10 s it
    // took, and the increment it earned stays).
    expect(m.clocks).toEqual([293_000, 280_000]);
    expect(m.deadline).toBe(30_000 + 293_000);
  });
});

describe("premoves", () => {
  it("a premove is played the moment the turn arrives, using no clock time", () => {
    let m = xiangqi(fiveThree);
    refused(
      m,
      { type: "premove", player: "r", move: { from: "h2", to: "e2" } },
      "premove/your-turn",
    );
    refused(m, { type: "premove", player: "x", move: { from: "h9", to: "g7" } }, "seat/not-seated");
    refused(
      m,
      { type: "premove", player: "b", move: { from: "h2", to: "e2" } },
      "move/not-your-piece",
    );
    refused(m, { type: "premove", player: "b", move: { from: "e5", to: "e4" } }, "move/no-piece");
    refused(
      m,
      { type: "premove", player: "b", move: { from: "h9", to: "k7" } },
      "move/invalid-square",
    );
    m = run(m, 2000, { type: "premove", player: "b", move: { from: "h9", to: "g7" } });
    expect(m.premoves).toEqual([null, { from: "h9", to: "g7" }]);
    // Nothing else changes: the premove is not a move, and the clocks run as before.
    expect(m.log).toHaveLength(0);
    expect(m.deadline).toBe(300_000);
    m = run(m, 7000, move("r", "h2", "e2"));
    // Red's move, then Black's premove at once: Black used no time and got its increment.
    expect(m.log.map((e) => [e.seat, e.notation, e.by])).toEqual([
      [0, "C2=5", "player"],
      [1, "H8+7", "player"],
    ]);
    expect(m.clocks).toEqual([296_000, 303_000]);
    expect(m.used).toEqual([7000, 0]);
    expect(m.premoves).toEqual([null, null]);
    expect(m.premoveNews).toEqual([
      { seat: 1, player: "b", move: { from: "h9", to: "g7" }, played: true, refusal: null },
    ]);
    // Red to move again, its turn begun at 7 s.
    expect([m.game!.turn, m.turnStarted, m.deadline]).toEqual([0, 7000, 7000 + 296_000]);
  });

  it("a premove that is not legal when the turn arrives is dropped, and its player is told why", () => {
    let m = xiangqi(fiveThree);
    // A horse does not move like that.
    m = run(m, 0, { type: "premove", player: "b", move: { from: "h9", to: "h5" } });
    m = run(m, 4000, move("r", "h2", "e2"));
    expect(m.log).toHaveLength(1);
    expect(m.game!.turn).toBe(1);
    expect(m.premoves).toEqual([null, null]);
    expect(m.premoveNews).toHaveLength(1);
    expect(m.premoveNews[0]).toMatchObject({ seat: 1, player: "b", played: false });
    expect(m.premoveNews[0]!.refusal?.code).toBe("move/horse-step");
    // Black's turn runs as any other.
    expect(m.turnStarted).toBe(4000);
    // The news lasts one action.
    m = run(m, 5000, move("b", "h9", "g7"));
    expect(m.premoveNews).toEqual([]);
  });

  it("a premove that promotes without naming a piece promotes to a queen", () => {
    const m0 = started(["a", "b", "c", "d"]);
    // Red's pawn one step from its promotion line; Green to move.
    const position = { pieces: `${KINGS} rPe10`, turn: "G" as const };
    const g = unwrap(
      startFourChess({
        format: "teams",
        moveLimit: null,
        handicap: "none",
        firstSeat: 0,
        fen: fen4(position),
      }),
    );
    let m = { ...m0, game: g, pieces: numberPieces(g.pieces()) } as Match;
    m = run(m, 0, { type: "premove", player: "a", move: { from: "e10", to: "e11" } });
    const green = legal(fourChess(position))[0]!.split("-") as [string, string];
    m = run(m, 1000, move("d", green[0], green[1]));
    expect(m.premoveNews[0]).toMatchObject({ seat: 0, played: true });
    expect(m.pieces.find((p) => p.square === "e11")).toMatchObject({ seat: 0, kind: "Q" });
  });

  it("can be cleared, and is dropped quietly when the game ends", () => {
    let m = xiangqi(null);
    m = run(m, 0, { type: "premove", player: "b", move: { from: "h9", to: "g7" } });
    m = run(m, 0, { type: "premove", player: "b", move: null });
    expect(m.premoves).toEqual([null, null]);
    m = run(m, 0, { type: "premove", player: "b", move: { from: "h9", to: "g7" } });
    m = run(m, 0, { type: "resign", player: "r" });
    expect(m.phase).toBe("finished");
    expect(m.premoves).toEqual([null, null]);
    expect(m.premoveNews).toEqual([
      { seat: 1, player: "b", move: { from: "h9", to: "g7" }, played: false, refusal: null },
    ]);
  });

  it("four-player chess: premoves play in turn after the others' moves, or drop when no longer legal", () => {
    let m = started(["a", "b", "c", "d"], { clock: { base: 60, increment: 5, delay: 0 } });
    m = run(
      m,
      1000,
      { type: "premove", player: "b", move: { from: "b7", to: "c7" } },
      { type: "premove", player: "c", move: { from: "h13", to: "h12" } },
      // Legal now; once Blue's pawn has moved, Green's pawn is pinned to its king.
      { type: "premove", player: "d", move: { from: "m7", to: "l7" } },
    );
    m = run(m, 3000, move("a", "h2", "h3"));
    expect(m.log.map((e) => e.seat)).toEqual([0, 1, 2]);
    expect(m.game!.turn).toBe(3);
    expect(m.clocks).toEqual([62_000, 65_000, 65_000, 60_000]);
    expect(m.premoveNews.map((n) => [n.seat, n.played, n.refusal?.code ?? null])).toEqual([
      [1, true, null],
      [2, true, null],
      [3, false, "move/king-attacked"],
    ]);
    expect([m.turnStarted, m.deadline]).toEqual([3000, 63_000]);
  });
});

describe("a table brought back after the server stopped", () => {
  it("keeps the clocks where they stood: the time away is charged to nobody", () => {
    let m = xiangqi(fiveThree);
    m = run(m, 10_000, move("r", "h2", "e2"));
    // Black thinks 5 s, then the server stops (a halt marks when) and starts an hour later.
    m = run(m, 15_000, { type: "halt" });
    expect(m.clocks).toEqual([293_000, 300_000]);
    const back = run(m, 3_615_000, { type: "resume", since: 15_000 });
    // Black's turn goes on with the 295 s it had when the server stopped.
    expect(back.deadline! - 3_615_000).toBe(295_000);
    const next = run(back, 3_625_000, { type: "return", player: "b" }, move("b", "h9", "g7"));
    expect(next.clocks).toEqual([293_000, 300_000 - 15_000 + 3000]);
    expect(next.used).toEqual([10_000, 15_000]);
  });

  it("after a crash, from its last stored action", () => {
    let m = xiangqi(fiveThree);
    m = run(m, 10_000, move("r", "h2", "e2"));
    // Stored last at 10 s (Red's move); it crashed some time later and is back at 500 s.
    const back = run(m, 500_000, { type: "resume", since: 10_000 });
    expect(back.deadline).toBe(500_000 + 300_000);
  });

  it("without a clock, the turn and its timer start again as before", () => {
    let m = xiangqi(null, 0, { turnTimer: 30 });
    m = run(m, 10_000, move("r", "h2", "e2"), { type: "halt" });
    const back = run(m, 500_000, { type: "resume", since: 10_000 });
    expect([back.turnStarted, back.deadline]).toEqual([500_000, 530_000]);
  });
});

describe("CPU seats on the clock", () => {
  it("have no flag: a CPU that takes over the seat to move plays without one", () => {
    let m = started(["a", "b"], { clock: { base: 60, increment: 0, delay: 0 } });
    // The CPUs in seats 2 and 3 have clocks that run, but no deadline on their turns.
    m = run(m, 1000, move("a", "h2", "h3"), move("b", "b7", "c7"));
    expect(m.game!.turn).toBe(2);
    expect(m.deadline).toBeNull();
    m = run(m, 3000, { type: "cpu-move", seat: 2, ply: 2, move: { from: "h13", to: "h12" } });
    expect(m.clocks[2]).toBe(58_000);
    m = run(m, 3000, { type: "cpu-move", seat: 3, ply: 3, move: { from: "m10", to: "l10" } });
    expect(m.deadline).toBe(3000 + 59_000);
    // Red leaves on its turn: the CPU that plays on for it has no flag.
    m = run(m, 4000, { type: "leave", player: "a" });
    expect(m.deadline).toBeNull();
    expect(nextTimedAction(m)).toBeNull();
  });
});
