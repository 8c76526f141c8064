import { describe, expect, it } from "vitest";
import { reduce } from "../../shared/match/match";
import { botTurn, nextTimedAction } from "../../shared/match/timing";
import { newMatch, refused, run, started } from "./helpers";

describe("seats and the start", () => {
  it("lets players sit, change seats and stand before the start", () => {
    let m = run(newMatch(), 0, { type: "sit", player: "a", name: "Ana", seat: 0 });
    refused(m, { type: "sit", player: "b", name: "Budi", seat: 0 }, "seat/taken");
    m = run(m, 0, { type: "sit", player: "a", name: "Ana", seat: 2 });
    expect(m.seats.map((s) => s.kind)).toEqual(["open", "open", "human", "open"]);
    m = run(m, 0, { type: "stand", player: "a" });
    expect(m.seats.every((s) => s.kind === "open")).toBe(true);
    refused(m, { type: "sit", player: "a", name: "Ana", seat: 7 }, "seat/invalid");
  });

  it("only the host changes rules and starts, and only before the start", () => {
    const m = run(newMatch(), 0, { type: "sit", player: "a", name: "Ana", seat: 0 });
    const rules = { ...m.rules, format: "individual" as const };
    refused(m, { type: "rules", player: "a", host: false, rules }, "host/only");
    refused(m, { type: "start", player: "a", host: false }, "host/only");
    const changed = run(m, 0, { type: "rules", player: "a", host: true, rules });
    expect(changed.rules.format).toBe("individual");
    refused(newMatch(), { type: "start", player: "h", host: true }, "start/no-players");
    const playing = run(changed, 0, { type: "start", player: "a", host: true });
    refused(playing, { type: "rules", player: "a", host: true, rules }, "phase/not-waiting");
    refused(playing, { type: "sit", player: "b", name: "B", seat: 1 }, "phase/not-waiting");
  });

  it("fills every empty seat with a CPU at the chosen level", () => {
    const m = started(["a", "b"], { cpuLevel: "easy" });
    expect(m.phase).toBe("playing");
    expect(m.seats.map((s) => s.kind)).toEqual(["human", "human", "cpu", "cpu"]);
    expect(m.seats[2]!.level).toBe("easy");
    expect(m.pieces).toHaveLength(64);
    expect(new Set(m.pieces.map((p) => p.id)).size).toBe(64);
  });

  it("a hot-seat table lets one player hold every seat", () => {
    let m = newMatch("fourchess", {}, true);
    m = run(
      m,
      0,
      { type: "sit", player: "a", name: "A", seat: 0 },
      { type: "sit", player: "a", name: "A", seat: 1 },
    );
    expect(m.seats.filter((s) => s.player === "a")).toHaveLength(2);
  });
});

describe("moves", () => {
  it("accepts a legal move from the player to move and refuses others with a code", () => {
    const m = started(["a", "b", "c", "d"]);
    refused(m, { type: "move", player: "b", move: { from: "b4", to: "c4" } }, "turn/not-yours");
    refused(m, { type: "move", player: "z", move: { from: "h2", to: "h4" } }, "seat/not-seated");
    refused(m, { type: "move", player: "a", move: { from: "h2", to: "h5" } }, "move/pawn-shape");
    const next = run(m, 5, { type: "move", player: "a", move: { from: "h2", to: "h4" } });
    expect(next.game!.turn).toBe(1);
    expect(next.log).toEqual([
      {
        seat: 0,
        move: { from: "h2", to: "h4" },
        notation: "h2-h4",
        captured: false,
        by: "player",
      },
    ]);
    expect(next.version).toBe(m.version + 1);
  });

  it("keeps each piece's id as it moves, castling rook included", () => {
    let m = started(["a", "b", "c", "d"]);
    const idAt = (sq: string) => m.pieces.find((p) => p.square === sq)?.id;
    const pawn = idAt("h2");
    m = run(m, 0, { type: "move", player: "a", move: { from: "h2", to: "h4" } });
    expect(idAt("h4")).toBe(pawn);
    expect(idAt("h2")).toBeUndefined();
    const rook = idAt("k1");
    const king = idAt("h1");
    const moves: [string, string, string][] = [
      ["b", "b7", "c7"],
      ["c", "j13", "j12"],
      ["d", "m8", "l8"],
      ["a", "j2", "j3"],
      ["b", "c7", "d7"],
      ["c", "j12", "j11"],
      ["d", "l8", "k8"],
      ["a", "j1", "k3"],
      ["b", "d7", "e7"],
      ["c", "j11", "j10"],
      ["d", "m9", "l9"],
      ["a", "i1", "j2"],
      ["b", "e7", "f7"],
      ["c", "j10", "j9"],
      ["d", "l9", "k9"],
    ];
    for (const [player, from, to] of moves)
      m = run(m, 0, { type: "move", player, move: { from, to } });
    m = run(m, 0, { type: "move", player: "a", move: { from: "h1", to: "j1" } });
    expect(idAt("j1")).toBe(king);
    expect(idAt("i1")).toBe(rook);
    expect(m.log.at(-1)!.notation).toBe("O-O");
  });

  it("lets a CPU move only on its own turn and ply", () => {
    const m = started(["a"]);
    const hm = run(m, 0, { type: "move", player: "a", move: { from: "h2", to: "h4" } });
    expect(botTurn(hm)).toEqual({ seat: 1, ply: 1, level: "normal", by: "cpu" });
    refused(
      hm,
      { type: "cpu-move", seat: 1, ply: 0, move: { from: "b4", to: "c4" } },
      "move/stale",
    );
    const cpu = run(hm, 0, { type: "cpu-move", seat: 1, ply: 1, move: { from: "b4", to: "c4" } });
    expect(cpu.log.at(-1)!.by).toBe("cpu");
    refused(m, { type: "cpu-move", seat: 0, ply: 0, move: { from: "h2", to: "h4" } }, "move/stale");
  });
});

describe("turn timer and stand-ins", () => {
  it("on expiry the stand-in moves for the seat, marked in the move list", () => {
    const m = started(["a", "b"], { turnTimer: 30 }, 1000);
    expect(m.deadline).toBe(31_000);
    expect(nextTimedAction(m)).toEqual({ at: 31_000, action: { type: "timeout", ply: 0 } });
    refused(m, { type: "timeout", ply: 0 }, "timer/early", 30_999);
    const out = run(m, 31_000, { type: "timeout", ply: 0 });
    expect(botTurn(out)).toMatchObject({ seat: 0, by: "stand-in" });
    refused(
      out,
      { type: "move", player: "a", move: { from: "h2", to: "h4" } },
      "turn/timed-out",
      31_001,
    );
    const moved = run(out, 31_500, {
      type: "cpu-move",
      seat: 0,
      ply: 0,
      move: { from: "h2", to: "h4" },
    });
    expect(moved.log[0]!.by).toBe("stand-in");
    expect(moved.deadline).toBe(61_500);
    // CPU seats get no timer.
    const cpuTurn = run(started(["a"], { turnTimer: 30 }), 0, {
      type: "move",
      player: "a",
      move: { from: "h2", to: "h4" },
    });
    expect(cpuTurn.deadline).toBeNull();
  });

  it("a pause of the table is charged to nobody: the timer, the time used and a grace move on", () => {
    let m = started(["a", "b"], { turnTimer: 30 }, 1000);
    m = run(m, 2000, { type: "drop", player: "b" });
    // Paused from 5 s to 65 s (the store could not write): the timer had 26 s left.
    const back = run(m, 65_000, { type: "unpause", since: 5000 });
    expect(back.deadline).toBe(91_000);
    expect(back.turnStarted).toBe(61_000);
    expect(back.seats[1]!.awaySince).toBe(62_000);
    refused(back, { type: "timeout", ply: 0 }, "timer/early", 90_999);
    const moved = run(back, 66_000, {
      type: "move",
      player: "a",
      move: { from: "h2", to: "h4" },
    });
    // 5 s of thinking, none of the pause.
    expect(moved.used[0]).toBe(5000);
    refused(started(["a"], {}, 0), { type: "unpause", since: 0 }, "pause/none", 0);
    refused(newMatch(), { type: "unpause", since: 0 }, "phase/not-playing", 10);
  });

  it("a dropped player's stand-in moves after the grace, and stops when they return", () => {
    let m = started(["a", "b"], {}, 0);
    m = run(m, 100, { type: "drop", player: "a" });
    expect(m.seats[0]).toMatchObject({ connected: false, awaySince: 100 });
    expect(nextTimedAction(m)).toEqual({
      at: 10_100,
      action: { type: "stand-in-due", seat: 0, ply: 0 },
    });
    refused(m, { type: "stand-in-due", seat: 0, ply: 0 }, "stand-in/early", 10_099);
    m = run(m, 10_100, { type: "stand-in-due", seat: 0, ply: 0 });
    expect(botTurn(m)).toMatchObject({ seat: 0, by: "stand-in" });
    const back = run(m, 10_200, { type: "return", player: "a" });
    expect(botTurn(back)).toBeNull();
    refused(
      back,
      { type: "cpu-move", seat: 0, ply: 0, move: { from: "h2", to: "h4" } },
      "move/stale",
    );
    run(back, 10_300, { type: "move", player: "a", move: { from: "h2", to: "h4" } });
  });

  it("a player who leaves on purpose becomes a CPU seat", () => {
    const m = run(started(["a", "b"]), 0, { type: "leave", player: "a" });
    expect(m.seats[0]).toMatchObject({ kind: "cpu", player: null, name: "CPU" });
    expect(botTurn(m)).toMatchObject({ seat: 0, by: "cpu" });
  });

  it("a game everyone left ends when abandoned: the side whose people played and left loses", () => {
    // Partners, Red and Yellow, against two CPUs; each person moves once.
    let m = newMatch();
    m = run(
      m,
      0,
      { type: "sit", player: "a", name: "A", seat: 0 },
      { type: "sit", player: "b", name: "B", seat: 2 },
      { type: "start", player: "a", host: true },
    );
    m = run(m, 1_000, { type: "move", player: "a", move: { from: "h2", to: "h3" } });
    m = run(m, 2_000, { type: "cpu-move", seat: 1, ply: 1, move: { from: "b7", to: "c7" } });
    m = run(m, 3_000, { type: "move", player: "b", move: { from: "j13", to: "j12" } });
    m = run(m, 5_000, { type: "leave", player: "a" });
    // Someone is still seated: the game goes on.
    refused(m, { type: "abandon" }, "abandon/people-seated", 5_000);
    m = run(m, 6_000, { type: "leave", player: "b" });
    expect(m.phase).toBe("playing");
    const done = run(m, 7_000, { type: "abandon" });
    expect(done.phase).toBe("finished");
    expect(done.game!.outcome).toMatchObject({
      reason: "abandoned",
      draw: false,
      winners: [1, 3],
      code: "abandoned",
      params: { loser: 0 },
      message: "Red left the game. Blue and Green win.",
    });
    // The turn that ran is charged to the seat to move, as any end of a game does.
    expect(done.used[3]).toBe(4_000);
    refused(done, { type: "abandon" }, "phase/not-playing", 8_000);
  });

  it("Individual: an abandoned game ends with places by points, the leaver last", () => {
    let m = run(
      started(["a"], { format: "individual" }),
      0,
      { type: "move", player: "a", move: { from: "h2", to: "h3" } },
      { type: "resign", player: "a" },
    );
    m = run(m, 0, { type: "leave", player: "a" });
    expect(m.phase).toBe("playing");
    const done = run(m, 0, { type: "abandon" });
    expect(done.game!.outcome).toMatchObject({
      reason: "abandoned",
      draw: false,
      winners: [1, 2, 3],
      placing: [4, 1, 1, 1],
      code: "everyone-left",
      message: "Everyone left the table. 3 players share first place on points.",
    });
  });

  it("xiangqi on one device, left: the abandoned game is drawn", () => {
    let m = newMatch("xiangqi", {}, true);
    m = run(m, 0, { type: "sit", player: "a", name: "A", seat: 0 });
    m = run(m, 0, { type: "sit", player: "a", name: "A", seat: 1 });
    m = run(m, 0, { type: "start", player: "a", host: true });
    m = run(m, 0, { type: "move", player: "a", move: { from: "h2", to: "e2" } });
    m = run(m, 0, { type: "move", player: "a", move: { from: "h9", to: "g7" } });
    const done = run(run(m, 0, { type: "leave", player: "a" }), 0, { type: "abandon" });
    expect(done.game!.outcome).toMatchObject({
      reason: "abandoned",
      draw: true,
      winners: [],
      code: "everyone-left",
      message: "Everyone left the table. The game is drawn.",
    });
  });
});

describe("resign, draws and takebacks", () => {
  it("resigning in Teams ends the game; in Individual the game goes on", () => {
    const teams = run(
      started(["a", "b"]),
      0,
      { type: "move", player: "a", move: { from: "h2", to: "h4" } },
      { type: "move", player: "b", move: { from: "b7", to: "c7" } },
      { type: "resign", player: "b" },
    );
    expect(teams.phase).toBe("finished");
    expect(teams.game!.outcome).toMatchObject({ reason: "resignation", winners: [0, 2] });
    const ffa = run(started(["a", "b"], { format: "individual" }), 0, {
      type: "resign",
      player: "a",
    });
    expect(ffa.phase).toBe("playing");
    expect(ffa.game!.turn).toBe(1);
    expect(ffa.pieces.filter((p) => p.seat === -1)).toHaveLength(16);
  });

  it("a draw needs every other person still in; a decline clears it", () => {
    let m = run(
      started(["a", "b", "c"]),
      0,
      { type: "move", player: "a", move: { from: "h2", to: "h4" } },
      { type: "move", player: "b", move: { from: "b7", to: "c7" } },
      { type: "move", player: "c", move: { from: "j13", to: "j12" } },
    );
    m = run(m, 0, { type: "offer-draw", player: "a" });
    expect(m.offer).toMatchObject({ kind: "draw", seat: 0, needed: [1, 2] });
    refused(m, { type: "offer-draw", player: "b" }, "offer/pending");
    refused(m, { type: "answer-draw", player: "a", accept: true }, "offer/not-yours");
    const declined = run(m, 0, { type: "answer-draw", player: "b", accept: false });
    expect(declined.offer).toBeNull();
    m = run(m, 0, { type: "answer-draw", player: "b", accept: true });
    expect(m.phase).toBe("playing");
    m = run(m, 0, { type: "answer-draw", player: "c", accept: true });
    expect(m.phase).toBe("finished");
    expect(m.game!.outcome).toMatchObject({ reason: "agreement", draw: true });
    refused(started(["a"]), { type: "offer-draw", player: "a" }, "draw/no-opponent");
  });

  it("a four-player takeback needs every person who moved since, then restores the position", () => {
    let m = started(["a", "b", "c"]);
    const before = m;
    m = run(
      m,
      0,
      { type: "move", player: "a", move: { from: "h2", to: "h4" } },
      { type: "move", player: "b", move: { from: "b7", to: "c7" } },
      { type: "move", player: "c", move: { from: "j13", to: "j12" } },
    );
    m = run(m, 0, { type: "request-takeback", player: "a" });
    expect(m.offer).toMatchObject({ kind: "takeback", needed: [1, 2], plies: 3 });
    m = run(
      m,
      0,
      { type: "answer-takeback", player: "b", accept: true },
      { type: "answer-takeback", player: "c", accept: true },
    );
    expect(m.log).toHaveLength(0);
    expect(m.game!.fen()).toBe(before.game!.fen());
    expect(m.pieces).toEqual(before.pieces);
    expect(m.game!.turn).toBe(0);
  });

  it("a takeback with nobody to ask is immediate; a move cancels a pending one", () => {
    let m = run(started(["a"]), 0, { type: "move", player: "a", move: { from: "h2", to: "h4" } });
    m = run(m, 0, { type: "cpu-move", seat: 1, ply: 1, move: { from: "b7", to: "c7" } });
    m = run(m, 0, { type: "request-takeback", player: "a" });
    expect(m.log).toHaveLength(0);
    refused(m, { type: "request-takeback", player: "a" }, "takeback/nothing");
    let two = run(started(["a", "b"]), 0, {
      type: "move",
      player: "a",
      move: { from: "h2", to: "h4" },
    });
    two = run(two, 0, { type: "request-takeback", player: "a" });
    expect(two.offer).toMatchObject({ needed: [1], plies: 1 });
    two = run(two, 0, { type: "move", player: "b", move: { from: "b7", to: "c7" } });
    expect(two.offer).toBeNull();
  });
});

describe("play again", () => {
  it("rotates the first player in four-player chess", () => {
    let m = run(started(["a", "b"]), 0, { type: "resign", player: "b" });
    refused(m, { type: "play-again", player: "z" }, "seat/not-seated");
    m = run(m, 0, { type: "play-again", player: "a" }, { type: "play-again", player: "b" });
    expect(m.phase).toBe("playing");
    expect(m.gameNumber).toBe(2);
    expect(m.game!.turn).toBe(1);
    expect(m.log).toHaveLength(0);
    const fixed = run(
      run(started(["a"], { rotateFirst: false }), 0, { type: "resign", player: "a" }),
      0,
      {
        type: "play-again",
        player: "a",
      },
    );
    expect(fixed.game!.turn).toBe(0);
  });

  it("refuses to start again while the game is on", () => {
    refused(started(["a"]), { type: "play-again", player: "a" }, "phase/not-finished");
    expect(reduce(started(["a"]), { type: "play-again", player: "a" }, 0).ok).toBe(false);
  });
});

describe("time used per seat", () => {
  it("charges each turn to the seat to move, whoever ends it: person, CPU or stand-in", () => {
    let m = started(["a", "b"], { turnTimer: 30 }, 1000);
    expect(m.used).toEqual([0, 0, 0, 0]);
    expect(m.turnStarted).toBe(1000);
    m = run(m, 4000, { type: "move", player: "a", move: { from: "h2", to: "h4" } });
    m = run(m, 6500, { type: "move", player: "b", move: { from: "b7", to: "c7" } });
    m = run(m, 7000, { type: "cpu-move", seat: 2, ply: 2, move: { from: "j13", to: "j12" } });
    m = run(m, 7200, { type: "cpu-move", seat: 3, ply: 3, move: { from: "m8", to: "l8" } });
    expect(m.used).toEqual([3000, 2500, 500, 200]);
    expect(m.turnStarted).toBe(7200);
    // Actions that do not end the turn charge nothing and leave the turn's start alone.
    m = run(m, 9000, { type: "drop", player: "a" }, { type: "return", player: "a" });
    expect(m.used).toEqual([3000, 2500, 500, 200]);
    expect(m.turnStarted).toBe(7200);
    // Red's timer runs out at 37 200; the stand-in's move at 38 000 ends the turn.
    m = run(m, 37_200, { type: "timeout", ply: 4 });
    expect(m.used[0]).toBe(3000);
    m = run(m, 38_000, { type: "cpu-move", seat: 0, ply: 4, move: { from: "j2", to: "j3" } });
    expect(m.used).toEqual([33_800, 2500, 500, 200]);
    expect(m.turnStarted).toBe(38_000);
  });

  it("a resignation that passes the turn charges the resigner; one that does not, nobody", () => {
    let m = started(["a", "b", "c"], { format: "individual" }, 0);
    m = run(m, 1500, { type: "resign", player: "a" });
    expect(m.game!.turn).toBe(1);
    expect(m.used).toEqual([1500, 0, 0, 0]);
    m = run(m, 2000, { type: "resign", player: "c" });
    expect(m.phase).toBe("playing");
    expect(m.used).toEqual([1500, 0, 0, 0]);
    expect(m.turnStarted).toBe(1500);
    m = run(m, 3000, { type: "move", player: "b", move: { from: "b7", to: "c7" } });
    expect(m.used).toEqual([1500, 1500, 0, 0]);
  });

  it("the end of the game charges the seat to move, and play again starts from zero", () => {
    let m = started(["a", "b"], {}, 0);
    m = run(m, 1000, { type: "move", player: "a", move: { from: "h2", to: "h4" } });
    m = run(m, 5000, { type: "resign", player: "a" });
    expect(m.phase).toBe("finished");
    expect(m.used).toEqual([1000, 4000, 0, 0]);
    m = run(m, 59_000, { type: "play-again", player: "a" });
    m = run(m, 60_000, { type: "play-again", player: "b" });
    expect(m.phase).toBe("playing");
    expect(m.used).toEqual([0, 0, 0, 0]);
    expect(m.turnStarted).toBe(60_000);
    m = run(m, 60_700, { type: "move", player: "b", move: { from: "b7", to: "c7" } });
    expect(m.used).toEqual([0, 700, 0, 0]);
  });

  it("a takeback gives no time back; the interrupted turn counts for the seat that was to move", () => {
    let m = newMatch("xiangqi");
    m = run(
      m,
      0,
      { type: "sit", player: "a", name: "A", seat: 0 },
      { type: "sit", player: "b", name: "B", seat: 1 },
      { type: "start", player: "a", host: true },
    );
    m = run(m, 2000, { type: "move", player: "a", move: { from: "h2", to: "e2" } });
    m = run(m, 5000, { type: "move", player: "b", move: { from: "h9", to: "g7" } });
    expect(m.used).toEqual([2000, 3000]);
    m = run(m, 6000, { type: "request-takeback", player: "b" });
    expect(m.offer).toMatchObject({ kind: "takeback", needed: [0], plies: 1 });
    m = run(m, 9000, { type: "answer-takeback", player: "a", accept: true });
    expect(m.log).toHaveLength(1);
    expect(m.game!.turn).toBe(1);
    expect(m.used).toEqual([6000, 3000]);
    expect(m.turnStarted).toBe(9000);
    m = run(m, 10_000, { type: "move", player: "b", move: { from: "h9", to: "g7" } });
    expect(m.used).toEqual([6000, 4000]);
  });
});
