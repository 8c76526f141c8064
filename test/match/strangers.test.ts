import { describe, expect, it } from "vitest";
import type { GameId } from "../../shared/games/catalog";
import { createMatch, type Match } from "../../shared/match/match";
import { defaultRules } from "../../shared/match/rules";
import { newMatch, refused, run, started } from "./helpers";

function quick(game: GameId = "fourchess"): Match {
  return createMatch({ game, rules: defaultRules(game), quick: true, quickWaitMs: 30_000 });
}

const sit = (player: string, seat: number, name = player.toUpperCase()) =>
  ({ type: "sit", player, name, seat }) as const;

describe("a quick-play table", () => {
  it("xiangqi starts by itself the moment two people sit", () => {
    let m = run(quick("xiangqi"), 1000, sit("a", 0));
    expect(m.phase).toBe("waiting");
    expect(m.autoStart).toBeNull();
    m = run(m, 2000, sit("b", 1));
    expect(m.phase).toBe("playing");
    expect(m.seats.map((s) => s.kind)).toEqual(["human", "human"]);
    expect(m.startedAt).toBe(2000);
  });

  it("four-player chess counts down from the second person and starts with CPUs", () => {
    let m = run(quick(), 0, sit("a", 0));
    expect(m.autoStart).toBeNull();
    m = run(m, 5000, sit("b", 1));
    expect(m.autoStart).toBe(35_000);
    // A third person does not restart the countdown.
    m = run(m, 9000, sit("c", 2));
    expect(m.autoStart).toBe(35_000);
    refused(m, { type: "auto-start" }, "start/not-due", 34_999);
    m = run(m, 35_000, { type: "auto-start" });
    expect(m.phase).toBe("playing");
    expect(m.seats.map((s) => s.kind)).toEqual(["human", "human", "human", "cpu"]);
  });

  it("four people start it at once; below two the countdown stops", () => {
    let m = run(quick(), 0, sit("a", 0), sit("b", 1));
    expect(m.autoStart).toBe(30_000);
    m = run(m, 1000, { type: "leave", player: "b" });
    expect(m.autoStart).toBeNull();
    expect(m.seats[1]!.kind).toBe("open");
    m = run(m, 2000, sit("b", 1), sit("c", 2));
    expect(m.autoStart).toBe(32_000);
    m = run(m, 3000, sit("d", 3));
    expect(m.phase).toBe("playing");
    expect(m.seats.every((s) => s.kind === "human")).toBe(true);
  });

  it("has no host: rules are the pool's; only a person alone may start it against CPUs", () => {
    let m = run(quick(), 0, sit("a", 0));
    refused(m, { type: "rules", player: "a", host: true, rules: m.rules }, "quick/no-host");
    refused(m, { type: "start", player: "z", host: true }, "quick/not-alone");
    const two = run(m, 0, sit("b", 1));
    refused(two, { type: "start", player: "a", host: true }, "quick/not-alone");
    m = run(m, 0, { type: "start", player: "a", host: false });
    expect(m.phase).toBe("playing");
    expect(m.seats.filter((s) => s.kind === "cpu")).toHaveLength(3);
  });
});

describe("names at one table", () => {
  it("are told apart: Ana, Ana 2, Ana 3", () => {
    const m = run(newMatch(), 0, sit("a", 0, "Ana"), sit("b", 1, "Ana"), sit("c", 2, "Ana"));
    expect(m.seats.map((s) => s.name)).toEqual(["Ana", "Ana 2", "Ana 3", ""]);
    // Moving to another seat keeps one's own name.
    const moved = run(m, 0, sit("a", 3, "Ana"));
    expect(moved.seats[3]!.name).toBe("Ana");
  });

  it("are told apart when they only look alike: case and confusable letters aside", () => {
    // Cyrillic А, capitals; "rn" reads as "m".
    const m = run(
      newMatch(),
      0,
      sit("a", 0, "Ana"),
      sit("b", 1, "\u0410na"),
      sit("c", 2, "ANA"),
      sit("d", 3, "Mia"),
    );
    expect(m.seats.map((s) => s.name)).toEqual(["Ana", "\u0410na 2", "ANA 3", "Mia"]);
    const rn = run(newMatch(), 0, sit("a", 0, "Mia"), sit("b", 1, "rnia"));
    expect(rn.seats.map((s) => s.name)).toEqual(["Mia", "rnia 2", "", ""]);
    // A name that merely looks like a numbered one is numbered past it.
    const numbered = run(newMatch(), 0, sit("a", 0, "Ana"), sit("b", 1, "Ana 2"));
    const third = run(numbered, 0, sit("c", 2, "\u0410na"));
    expect(third.seats[2]!.name).toBe("\u0410na 3");
  });
});

describe("rematch by consent", () => {
  const finished = () => run(started(["a", "b", "c"]), 0, { type: "resign", player: "a" });

  it("one request does not start the next game; everyone's does", () => {
    let m = run(finished(), 0, { type: "play-again", player: "b" });
    expect(m.phase).toBe("finished");
    expect(m.offer).toMatchObject({ kind: "rematch", seat: 1, needed: [0, 2], agreed: [] });
    refused(m, { type: "play-again", player: "b" }, "offer/pending");
    m = run(m, 0, { type: "play-again", player: "a" });
    expect(m.phase).toBe("finished");
    m = run(m, 0, { type: "play-again", player: "c" });
    expect(m.phase).toBe("playing");
    expect(m.gameNumber).toBe(2);
    expect(m.offer).toBeNull();
  });

  it("is immediate when nobody else is seated (against the computer)", () => {
    const m = run(run(started(["a"]), 0, { type: "resign", player: "a" }), 0, {
      type: "play-again",
      player: "a",
    });
    expect(m.phase).toBe("playing");
  });

  it("a decline frees the seat at a hosted table; the others go on without them", () => {
    let m = run(finished(), 0, { type: "play-again", player: "b" });
    refused(finished(), { type: "decline-rematch", player: "a" }, "rematch/not-asked");
    m = run(m, 0, { type: "play-again", player: "a" }, { type: "decline-rematch", player: "c" });
    // Everyone left agreed, but the free seat waits for someone to sit in it…
    expect(m.phase).toBe("finished");
    expect(m.seats[2]!.kind).toBe("open");
    refused(m, { type: "play-again", player: "c" }, "seat/not-seated");
    // …until someone who agreed asks again: a CPU takes it.
    m = run(m, 0, { type: "play-again", player: "a" });
    expect(m.phase).toBe("playing");
    expect(m.seats[2]!.kind).toBe("cpu");
    const declined = run(run(finished(), 0, { type: "play-again", player: "b" }), 0, {
      type: "decline-rematch",
      player: "c",
    });
    expect(declined.seats[2]!.kind).toBe("open");
    expect(declined.offer).toMatchObject({ needed: [0], agreed: [] });
    // Someone may sit in the free seat after the result: sitting down agrees.
    const joined = run(declined, 0, sit("d", 2));
    expect(joined.offer).toMatchObject({ needed: [0, 2], agreed: [2] });
    refused(joined, { type: "play-again", player: "d" }, "offer/pending");
    expect(run(joined, 0, { type: "play-again", player: "a" }).phase).toBe("playing");
  });

  it("at a quick-play table a decline or a leave is replaced by a CPU", () => {
    let m = run(quick("xiangqi"), 0, sit("a", 0), sit("b", 1));
    m = run(m, 0, { type: "resign", player: "a" });
    m = run(m, 0, { type: "play-again", player: "a" });
    m = run(m, 0, { type: "leave", player: "b" });
    // b's seat is a CPU's and a CPU agrees at once: the next game starts, colours swapped.
    expect(m.phase).toBe("playing");
    expect(m.seats.map((s) => s.player)).toEqual([null, "a"]);
    expect(m.seats[0]!.kind).toBe("cpu");
  });

  it("the asker leaving withdraws the request", () => {
    let m = run(finished(), 0, { type: "play-again", player: "b" });
    m = run(m, 0, { type: "leave", player: "b" });
    expect(m.offer).toBeNull();
    expect(m.phase).toBe("finished");
  });
});
