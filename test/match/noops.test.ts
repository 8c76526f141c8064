/**
 * Games that end before everyone played are aborted, and actions that change nothing are no
 * actions: the reducer gives back the very same match, so the table stores nothing for them.
 */
import { describe, expect, it } from "vitest";
import { type Action, type Match, reduce } from "../../shared/match/match";
import { newMatch, run, started } from "./helpers";

const move = (player: string, from: string, to: string): Action => ({
  type: "move",
  player,
  move: { from, to },
});

/** Xiangqi between Red "r" and Black "b", started. */
function xiangqi(): Match {
  return run(
    newMatch("xiangqi"),
    0,
    { type: "sit", player: "r", name: "R", seat: 0 },
    { type: "sit", player: "b", name: "B", seat: 1 },
    { type: "start", player: "r", host: true },
  );
}

describe("aborted games", () => {
  it("a resignation before the other side moved aborts the game: no winner, nobody out", () => {
    const m = run(xiangqi(), 0, move("r", "h2", "e2"), { type: "resign", player: "b" });
    expect(m.phase).toBe("finished");
    expect(m.game!.outcome).toMatchObject({
      reason: "aborted",
      code: "aborted",
      draw: false,
      winners: [],
      placing: [1, 1],
      message: "The game was aborted: it ended before everyone had moved.",
    });
    expect(m.game!.out).toEqual([null, null]);
    // The board stays as it was, and the next game starts as after any result.
    expect(m.game!.fen()).toBe(run(xiangqi(), 0, move("r", "h2", "e2")).game!.fen());
    const next = run(
      m,
      0,
      { type: "play-again", player: "r" },
      { type: "play-again", player: "b" },
    );
    expect([next.phase, next.gameNumber]).toEqual(["playing", 2]);
  });

  it("against the computer, resigning before one's first move aborts; after it, it is a loss", () => {
    const vsCpu = () =>
      run(
        newMatch("xiangqi"),
        0,
        { type: "sit", player: "r", name: "R", seat: 0 },
        { type: "start", player: "r", host: true },
      );
    expect(run(vsCpu(), 0, { type: "resign", player: "r" }).game!.outcome?.code).toBe("aborted");
    const lost = run(vsCpu(), 0, move("r", "h2", "e2"), { type: "resign", player: "r" });
    expect(lost.game!.outcome).toMatchObject({ code: "resignation", winners: [1] });
  });

  it("a draw agreed before everyone moved is an abort too, and so is everyone leaving", () => {
    let m = run(xiangqi(), 0, move("r", "h2", "e2"), { type: "offer-draw", player: "r" });
    m = run(m, 0, { type: "answer-draw", player: "b", accept: true });
    expect(m.game!.outcome?.code).toBe("aborted");
    const left = run(started(["a"]), 0, { type: "leave", player: "a" }, { type: "abandon" });
    expect(left.game!.outcome?.code).toBe("aborted");
  });

  it("a game that went on without someone who resigned at once is a real game", () => {
    let m = started(["a", "b", "c", "d"], { format: "individual" });
    m = run(m, 0, move("a", "h2", "h3"), { type: "resign", player: "b" });
    m = run(m, 0, move("c", "j13", "j12"));
    m = run(m, 0, { type: "move", player: "d", move: m.game!.legalMoves()[0]! });
    // Red's second move: the first round is over.
    m = run(m, 0, move("a", "h3", "h4"), { type: "resign", player: "c" });
    m = run(m, 0, { type: "resign", player: "d" });
    expect(m.phase).toBe("finished");
    expect(m.game!.outcome?.code).not.toBe("aborted");
  });
});

describe("actions that change nothing", () => {
  const same = (m: Match, action: Action) => {
    const r = reduce(m, action, 0);
    expect(r.ok && r.value).toBe(m);
  };

  it("house rules set to the values they have give back the same match", () => {
    const m = run(newMatch(), 0, { type: "sit", player: "a", name: "A", seat: 0 });
    same(m, { type: "rules", player: "a", host: true, rules: { ...m.rules } });
    const clocked = run(m, 0, {
      type: "rules",
      player: "a",
      host: true,
      rules: { ...m.rules, clock: { base: 60, increment: 2, delay: 0 } },
    });
    expect(clocked.version).toBe(m.version + 1);
    same(clocked, {
      type: "rules",
      player: "a",
      host: true,
      rules: { ...clocked.rules, clock: { base: 60, increment: 2, delay: 0 } },
    });
  });

  it("the premove already queued, and clearing none, give back the same match", () => {
    const m = run(xiangqi(), 0, move("r", "h2", "e2"));
    same(m, { type: "premove", player: "r", move: null });
    const queued = run(m, 0, {
      type: "premove",
      player: "r",
      move: { from: "b2", to: "c2" },
    });
    expect(queued.premoves[0]).toEqual({ from: "b2", to: "c2" });
    same(queued, { type: "premove", player: "r", move: { from: "b2", to: "c2" } });
    expect(run(queued, 0, { type: "premove", player: "r", move: null }).premoves[0]).toBeNull();
  });

  it("a drop of someone already away, or a return of someone here, changes nothing", () => {
    const m = xiangqi();
    same(m, { type: "return", player: "r" });
    const away = run(m, 5, { type: "drop", player: "r" });
    expect(away.seats[0]).toMatchObject({ connected: false, awaySince: 5 });
    same(away, { type: "drop", player: "r" });
  });

  it("sitting in one's own seat is refused, and a halt is still kept for its time", () => {
    const m = run(newMatch(), 0, { type: "sit", player: "a", name: "A", seat: 0 });
    const r = reduce(m, { type: "sit", player: "a", name: "A", seat: 0 }, 0);
    expect(!r.ok && r.error.code).toBe("seat/already-yours");
    const halted = run(xiangqi(), 9, { type: "halt" });
    expect(halted.version).toBe(xiangqi().version + 1);
  });
});
