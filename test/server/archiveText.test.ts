/**
 * The exports' tags: PGN4, WXF and ICCS carry the time control, every house rule, the players'
 * names and kinds, the result and why, and a comment on each move a CPU or a stand-in made;
 * the tags read back (shared/protocol/exportTags.ts) into the values the game was played with,
 * and the move text with its comments taken out is the text of the same game without them.
 */
import { describe, expect, it } from "vitest";
import { pgn4Of, xiangqiTextOf } from "../../server/http/archiveText";
import { unwrap } from "../../shared/core/result";
import type { GameId } from "../../shared/games/catalog";
import { parseIccs } from "../../shared/games/xiangqi/iccs";
import { parseRules } from "../../shared/match/houseRules";
import { defaultRules, type HouseRules } from "../../shared/match/rules";
import type { PublishedGame } from "../../shared/protocol/archive";
import {
  houseRulesText,
  readHouseRules,
  readTags,
  readTimeControl,
  tagLine,
  timeControlText,
} from "../../shared/protocol/exportTags";
import { recordOf } from "./records";

/** The move text after the tags. */
const movetext = (text: string) => text.slice(text.indexOf("\n\n") + 2);
/** The text with its move comments taken out, as a reader that skips them sees it. */
const uncommented = (text: string) => text.replace(/ \{[^}]*\}/g, "");

/** The same game with every move made by the player at the board. */
const byPlayers = (g: PublishedGame): PublishedGame => ({
  ...g,
  moves: g.moves.map((m) => ({ ...m, by: "player" })),
});

/** The tags read back: the time control and the house rules the game was played with. */
function expectRulesBack(game: GameId, tags: Record<string, string>, rules: HouseRules) {
  expect(unwrap(readTimeControl(tags.TimeControl!))).toEqual(rules.clock);
  const read = unwrap(readHouseRules(tags.HouseRules!));
  expect(unwrap(parseRules(game, read, defaultRules(game)))).toEqual(rules);
}

describe("export tags", () => {
  it("PGN4 of an Individual game: names, kinds, clock with a delay, every house rule, points and why, CPU moves marked", () => {
    const rules: HouseRules = {
      ...defaultRules("fourchess"),
      format: "individual",
      moveLimit: 300,
      clock: { base: 60, increment: 0, delay: 15 },
      cpuLevel: "hard",
      hints: true,
      rotateFirst: false,
    };
    const players = [
      { name: 'Ana "the rook"', kind: "human" },
      { name: "CPU", kind: "cpu" },
      { name: "Citra", kind: "human" },
      { name: "CPU", kind: "cpu" },
    ];
    const g = recordOf({ game: "fourchess", rules, plies: 40, players, resign: [1, 2, 3] });
    const text = unwrap(pgn4Of(g));
    const tags = readTags(text);
    expect(tags).toMatchObject({
      Variant: "FFA",
      Red: 'Ana "the rook"',
      Blue: "CPU",
      Yellow: "Citra",
      Green: "CPU",
      RedType: "human",
      BlueType: "program",
      YellowType: "human",
      GreenType: "program",
      TimeControl: "60d15",
      MoveLimit: "300",
      Reason: g.result.code,
      Termination: g.result.message,
    });
    // Individual: the points by seat.
    expect(tags.Result).toMatch(/^R: \d+, B: \d+, Y: \d+, G: \d+$/);
    expect(tags.HouseRules).toContain("format=individual");
    expect(tags.HouseRules).toContain("clock=60d15");
    expectRulesBack("fourchess", tags, rules);

    // A comment after each move a CPU or a stand-in made, and nowhere else.
    const board = g.moves.filter((m) => m.from);
    const cpu = board.filter((m) => m.by === "cpu").length;
    const standIn = board.filter((m) => m.by === "stand-in").length;
    expect(cpu).toBeGreaterThan(5);
    expect(movetext(text).match(/\{cpu\}/g)).toHaveLength(cpu);
    expect(movetext(text).match(/\{stand-in\}/g)).toHaveLength(standIn);
    for (const m of board)
      if (m.by !== "player") expect(movetext(text)).toContain(`${m.notation} {${m.by}}`);
    // Taken out, what is left is the game's text with nobody's moves marked.
    const plain = unwrap(pgn4Of(byPlayers(g)));
    expect(plain).not.toContain("{");
    expect(uncommented(text)).toBe(plain);
  });

  it("PGN4 of a Teams game with no clock: TimeControl '-', the turn timer in the house rules", () => {
    const rules: HouseRules = { ...defaultRules("fourchess"), turnTimer: 30 };
    const players = ["Ana", "Budi", "Citra", "Dewi"].map((name) => ({ name, kind: "human" }));
    const g = recordOf({ game: "fourchess", rules, plies: 12, players, resign: [1] });
    const tags = readTags(unwrap(pgn4Of(g)));
    expect(tags).toMatchObject({
      Variant: "Teams",
      TimeControl: "-",
      Result: "1-0",
      Reason: "resignation",
      Termination: "Blue resigned. Red and Yellow win.",
      BlueType: "human",
    });
    expect(tags.HouseRules).toContain("turnTimer=30");
    expect(tags.HouseRules).toContain("clock=-");
    expect(tags.HouseRules).toContain("moveLimit=-");
    // A xiangqi rule has no place in a four-player game's export.
    expect(tags.HouseRules).not.toContain("handicap");
    expectRulesBack("fourchess", tags, rules);
  });

  it("WXF and ICCS of a xiangqi game: the same tags, CPU moves marked, ICCS moves replay the game", () => {
    const rules: HouseRules = {
      ...defaultRules("xiangqi"),
      clock: { base: 300, increment: 3, delay: 0 },
      cpuLevel: "master",
      takebackConsent: false,
    };
    const players = [
      { name: "Ana", kind: "human" },
      { name: "CPU", kind: "cpu" },
    ];
    const g = recordOf({ game: "xiangqi", rules, plies: 25, players, resign: [1] });
    for (const format of ["wxf", "iccs"] as const) {
      const text = unwrap(xiangqiTextOf(g, format));
      const tags = readTags(text);
      expect(tags).toMatchObject({
        Game: "Chinese Chess",
        Format: format.toUpperCase(),
        Red: "Ana",
        Black: "CPU",
        RedType: "human",
        BlackType: "program",
        TimeControl: "300+3",
        Result: "1-0",
        Reason: "resignation",
        FEN: g.startFen,
      });
      // Only xiangqi's house rules: none of four-player chess's.
      expect(tags.HouseRules).not.toMatch(/format=|moveLimit=|rotateFirst=/);
      expect(tags.HouseRules).toContain("handicap=none");
      expectRulesBack("xiangqi", tags, rules);
      const cpu = g.moves.filter((m) => m.from && m.by === "cpu").length;
      expect(movetext(text).match(/\{cpu\}/g), format).toHaveLength(cpu);
      expect(uncommented(text).replace(/ +/g, " ")).toBe(
        unwrap(xiangqiTextOf(byPlayers(g), format)).replace(/ +/g, " "),
      );
    }
    // The ICCS moves, read back, replay to the same game.
    const iccs = unwrap(xiangqiTextOf(g, "iccs"));
    const words = uncommented(movetext(iccs))
      .split(/\s+/)
      .filter((w) => /^[A-I]\d-[A-I]\d$/.test(w));
    const moves = words.map((w) => unwrap(parseIccs(w)));
    expect(moves).toEqual(g.moves.filter((m) => m.from).map((m) => ({ from: m.from, to: m.to })));
    // WXF keeps each pair's ICCS after a `;` comment.
    expect(unwrap(xiangqiTextOf(g, "wxf"))).toMatch(/ {2}1\. \S+.*; [a-i]\d[a-i]\d [a-i]\d[a-i]\d/);
  });

  it("reads what it writes: escapes, time controls, rule values", () => {
    const line = tagLine("Red", 'a "b" \\ c');
    expect(readTags(`\n${line}\n[Blue "x"]\n\n1. h2-h3\n[Not "a tag"]`)).toEqual({
      Red: 'a "b" \\ c',
      Blue: "x",
    });
    for (const clock of [
      null,
      { base: 300, increment: 3, delay: 0 },
      { base: 60, increment: 0, delay: 15 },
      { base: 900, increment: 0, delay: 0 },
    ])
      expect(unwrap(readTimeControl(timeControlText(clock)))).toEqual(clock);
    expect(timeControlText({ base: 60, increment: 0, delay: 15 })).toBe("60d15");
    expect(readTimeControl("five minutes").ok).toBe(false);
    const rules = { a: true, b: false, c: 12, d: null, e: "red-one-horse", f: "two words" };
    expect(unwrap(readHouseRules(houseRulesText(rules)))).toEqual(rules);
    expect(readHouseRules("format teams").ok).toBe(false);
  });
});
