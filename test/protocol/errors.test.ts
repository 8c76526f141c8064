/**
 * The error catalogue: whatever the reducer, the engines and the parsers refuse with is a code
 * of `ERRORS`, carrying the values its message names; the protocol document lists exactly the
 * catalogue; every language has a sentence per code with the catalogue's placeholders.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { errorText, setLang, tableTexts } from "../../client/src/i18n";
import { CATALOGUES } from "../../client/src/i18n/catalogues";
import {
  ERRORS,
  type ErrorCode,
  fillTemplate,
  isErrorCode,
  placeholdersOf,
  refusal,
} from "../../shared/core/errors";
import { seeded } from "../../shared/core/random";
import type { Failure, Result } from "../../shared/core/result";
import type { GameId } from "../../shared/games/catalog";
import { FourChess } from "../../shared/games/fourchess";
import { parseFen4 } from "../../shared/games/fourchess/fen4";
import { gameDefinition } from "../../shared/games/registry";
import type { Game, MoveInput } from "../../shared/games/types";
import { parseFen } from "../../shared/games/xiangqi/fen";
import { Xiangqi } from "../../shared/games/xiangqi/game";
import { parseRules } from "../../shared/match/houseRules";
import { type Action, type Match, reduce } from "../../shared/match/match";
import { defaultRules } from "../../shared/match/rules";
import {
  parseCreateOptions,
  parseDraw,
  parseJoinOptions,
  parseMove,
  parseMyTables,
  parseSeat,
  parseTakeback,
} from "../../shared/protocol/messages";
import { newMatch, run } from "../match/helpers";

const CODES = Object.keys(ERRORS) as ErrorCode[];

/** A refusal a client can show in full: a catalogue code, and a value for each placeholder. */
function expectCatalogued(error: Failure, where: string): void {
  expect(isErrorCode(error.code), `${where}: ${error.code}`).toBe(true);
  if (!isErrorCode(error.code)) return;
  const needed = placeholdersOf(ERRORS[error.code]);
  expect(Object.keys(error.params ?? {}).sort(), `${where}: ${error.code}`).toEqual(
    [...needed].sort(),
  );
  expect(fillTemplate(ERRORS[error.code], error.params)).not.toMatch(/\{\w+\}/);
  expect(error.message.length, `${where}: ${error.code}`).toBeGreaterThan(5);
}

function refusedWith<T>(r: Result<T, Failure>, where: string): ErrorCode | null {
  if (r.ok) return null;
  expectCatalogued(r.error, where);
  return r.error.code as ErrorCode;
}

describe("the error catalogue", () => {
  it("fills a code's message with its values, and keeps them for the client", () => {
    expect(refusal("seat/invalid", { seat: 7 })).toEqual({
      code: "seat/invalid",
      message: "There is no seat 7 at this table.",
      params: { seat: 7 },
    });
    expect(refusal("host/only")).toEqual({ code: "host/only", message: ERRORS["host/only"] });
    // A misspelt code, or a code without the values its message names, does not compile.
    const typeChecked = () => [
      // @ts-expect-error no such code
      refusal("host/onyl"),
      // @ts-expect-error seat/invalid names {seat}
      refusal("seat/invalid"),
    ];
    expect(typeChecked).toBeTypeOf("function");
    expect(isErrorCode("move/horse-leg")).toBe(true);
    expect(isErrorCode("toString")).toBe(false);
  });

  it("is what docs/protocol.md lists under Error codes, no more and no less", () => {
    const doc = readFileSync(path.join(__dirname, "../../docs/protocol.md"), "utf8");
    const section = doc.slice(
      doc.indexOf("## Error codes"),
      doc.indexOf("## Matchmaking over HTTP"),
    );
    const rows = section.split("\n").filter((l) => /^\| `[a-z0-9-]+\/[a-z0-9-]+`/.test(l));
    const listed = rows.map((l) => /^\| `([^`]+)`/.exec(l)![1]!);
    expect([...listed].sort()).toEqual([...CODES].sort());
    for (const row of rows) {
      const [, code, params, message] = row.split("|").map((c) => c.trim());
      const c = code!.slice(1, -1) as ErrorCode;
      expect(message!.replace(/\\\|/g, "|"), c).toBe(ERRORS[c]);
      const names = placeholdersOf(ERRORS[c]);
      expect(params, c).toBe(names.length ? names.map((n) => `\`${n}\``).join(", ") : "–");
    }
  });

  it("has a sentence per code in every language, with the catalogue's placeholders", () => {
    for (const [lang, strings] of Object.entries(CATALOGUES)) {
      for (const code of CODES) {
        const text = (strings as Record<string, string>)[`error.${code}`];
        expect(text, `${lang} error.${code}`).toBeTruthy();
        expect(placeholdersOf(text!).sort(), `${lang} error.${code}`).toEqual(
          placeholdersOf(ERRORS[code]).sort(),
        );
      }
    }
  });
});

describe("a refusal as the browser shows it", () => {
  // The table's words, as a table page has them.
  beforeAll(() => tableTexts());

  it("is the reader's language with the server's values, else the server's English", async () => {
    const refused = {
      code: "move/horse-leg",
      message: "The horse's leg is blocked: c0 is occupied.",
      params: { square: "c0" },
    };
    await setLang("id");
    expect(errorText(refused)).toBe("Kaki kuda terhalang: c0 terisi.");
    await setLang("pt");
    expect(errorText(refusal("seat/invalid", { seat: 3 }))).toBe(
      "Não existe o lugar 3 nesta mesa.",
    );
    // Without the values its sentence needs (an older server), or for a code this client does
    // not know, the server's own sentence is shown.
    expect(errorText({ code: "move/horse-leg", message: "Blocked." })).toBe("Blocked.");
    expect(errorText({ code: "move/teleport", message: "No teleporting." })).toBe(
      "No teleporting.",
    );
    await setLang("en");
    expect(errorText(refused)).toBe("The horse's leg is blocked: c0 is occupied.");
  });
});

describe("every refusal is in the catalogue", () => {
  it("the reducer's, for requests in every phase", () => {
    const seen = new Set<ErrorCode>();
    const note = (m: Match, a: Action, now = 0) => {
      const code = refusedWith(reduce(m, a, now), a.type);
      if (code) seen.add(code);
    };
    const requests = (player: string, host: boolean, seat: number): Action[] => [
      { type: "sit", player, name: player, seat },
      { type: "stand", player },
      { type: "rules", player, host, rules: defaultRules("fourchess") },
      { type: "start", player, host },
      { type: "move", player, move: { from: "h2", to: "h3" } },
      { type: "move", player, move: { from: "z9", to: "h3" } },
      { type: "cpu-move", seat, ply: 5, move: { from: "h2", to: "h3" } },
      { type: "resign", player },
      { type: "offer-draw", player },
      { type: "answer-draw", player, accept: true },
      { type: "request-takeback", player },
      { type: "answer-takeback", player, accept: false },
      { type: "timeout", ply: 3 },
      { type: "stand-in-due", seat, ply: 0 },
      { type: "drop", player },
      { type: "return", player },
      { type: "leave", player },
      { type: "abandon" },
      { type: "play-again", player },
      { type: "unpause", since: 10 },
    ];
    const waiting = run(newMatch("fourchess"), 0, { type: "sit", player: "a", name: "A", seat: 0 });
    const playing = run(waiting, 0, { type: "start", player: "a", host: true });
    const resigned = run(playing, 0, { type: "resign", player: "a" });
    const offered = run(
      run(
        newMatch("fourchess"),
        0,
        ...["a", "b"].map((p, seat): Action => ({ type: "sit", player: p, name: p, seat })),
      ),
      0,
      { type: "start", player: "a", host: true },
      { type: "move", player: "a", move: { from: "h2", to: "h3" } },
      { type: "offer-draw", player: "a" },
    );
    for (const m of [newMatch("fourchess"), waiting, playing, resigned, offered])
      for (const player of ["a", "b", "nobody"])
        for (const seat of [0, 1, 9])
          for (const a of requests(player, player === "a", seat)) note(m, a);
    for (const code of [
      "seat/invalid",
      "seat/taken",
      "seat/already-yours",
      "seat/not-seated",
      "host/only",
      "phase/not-waiting",
      "phase/not-playing",
      "phase/not-finished",
      "turn/not-yours",
      "offer/pending",
      "offer/none",
      "offer/not-yours",
      "move/stale",
      "timer/none",
      "pause/none",
    ] as const)
      expect(seen, code).toContain(code);
  });

  for (const game of ["fourchess", "xiangqi"] as const satisfies readonly GameId[]) {
    it(`${game}'s, for random move requests through a game (seeded)`, () => {
      const random = seeded(game === "fourchess" ? 11 : 12);
      const setup = { format: "teams" as const, moveLimit: null, handicap: "none", firstSeat: 0 };
      let table: Game = unwrapGame(gameDefinition(game).start(setup));
      const squares = [...new Set(table.pieces().map((p) => p.square))];
      const files = game === "fourchess" ? "abcdefghijklmn" : "abcdefghi";
      const name = () =>
        random() < 0.1
          ? "q99"
          : `${files[Math.floor(random() * files.length)]}${Math.floor(random() * 14)}`;
      const seen = new Set<ErrorCode>();
      for (let i = 0; i < 3000 && !table.outcome; i++) {
        const from = random() < 0.6 ? squares[Math.floor(random() * squares.length)]! : name();
        const move: MoveInput = { from, to: name(), promotion: random() < 0.05 ? "X" : undefined };
        const code = refusedWith(table.play(move), `${from}-${move.to}`);
        if (code) seen.add(code);
        if (i % 20 === 19) {
          const legal = table.legalMoves();
          table = unwrapGame(table.play(legal[Math.floor(random() * legal.length)]!));
          squares.splice(0, squares.length, ...new Set(table.pieces().map((p) => p.square)));
        }
      }
      for (const text of ["", "zz", "C2=5", "H8+7", "+R+2", "Qh2-h3", "e2e4"]) {
        const code = refusedWith(table.readMove(text), `read ${text}`);
        if (code) seen.add(code);
      }
      expect(seen).toContain("move/no-piece");
      expect(seen).toContain("move/invalid-square");
      expect(seen.size).toBeGreaterThan(8);
    });
  }

  it("the engines' explanations that name a square, in both games", () => {
    const chess = FourChess.start({ format: "teams" });
    const xiangqi = Xiangqi.start();
    const cases = [
      [chess.explain({ from: "h5", to: "h6" }), "move/no-piece", { square: "h5" }],
      [
        chess.explain({ from: "b4", to: "c4" }),
        "move/other-side-piece",
        { square: "b4", owner: 1, turn: 0 },
      ],
      [chess.explain({ from: "d1", to: "d2" }), "move/own-piece", { square: "d2" }],
      [chess.explain({ from: "a1", to: "a2" }), "move/invalid-square", { square: "a1" }],
      [xiangqi.explain({ from: "b0", to: "d1" }, 0), "move/horse-leg", { square: "c0" }],
      [xiangqi.explain({ from: "e5", to: "e6" }, 0), "move/no-piece", { square: "e5" }],
      [xiangqi.explain({ from: "z0", to: "a1" }, 0), "move/invalid-square", { square: "z0" }],
      [xiangqi.explain({ from: "a0", to: "a3" }, 0), "move/own-piece", { square: "a3" }],
      [xiangqi.explain({ from: "a9", to: "a8" }, 0), "move/not-your-piece", { square: "a9" }],
      [
        xiangqi.explain({ from: "a9", to: "a8" }),
        "move/other-side-piece",
        { square: "a9", owner: 1, turn: 0 },
      ],
      [xiangqi.explain({ from: "a0", to: "a1" }, 1), "move/not-your-turn", { turn: 0 }],
    ] as const;
    for (const [error, code, params] of cases) {
      expect(error?.code).toBe(code);
      expect(error?.params).toEqual(params);
      expectCatalogued(error!, code);
    }
  });

  it("the parsers' (payloads, house rules, positions)", () => {
    const refusals: Result<unknown, Failure>[] = [
      parseCreateOptions({ game: "go" }),
      parseCreateOptions({ mode: "hotseat" }),
      parseJoinOptions({ seatToken: 5 }),
      parseSeat("x"),
      parseMove({ from: 3 }),
      parseDraw({ action: "maybe" }),
      parseTakeback(null),
      parseMyTables({ tables: "x" }),
      parseRules("fourchess", { moveLimit: -1 }, defaultRules("fourchess")),
      parseRules("xiangqi", { nope: true }, defaultRules("xiangqi")),
      parseFen4("not a position"),
      parseFen(""),
      parseFen("rnbakabnr/9/9/9/9/9/9/9/9/RNBAKABNR w - - 0"),
      parseFen("4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1"),
      Xiangqi.start().playText("Z9=9"),
    ];
    refusals.forEach((r, i) => {
      expect(r.ok, `refusal ${i}`).toBe(false);
      refusedWith(r, `refusal ${i}`);
    });
  });
});

function unwrapGame(r: Result<Game, Failure>): Game {
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}
