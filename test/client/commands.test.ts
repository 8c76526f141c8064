/**
 * The commands field's answers (client/src/model/commands.ts): each command on a xiangqi
 * position and on four-player positions (Teams and Individual), in every language, and bad
 * input answered with what to type instead.
 */
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { type Lang, setLang, tableTexts } from "../../client/src/i18n";
import { CATALOGUES } from "../../client/src/i18n/catalogues";
import {
  type AroundPosition,
  answer,
  type CommandContext,
  positionContext,
} from "../../client/src/model/commands";
import type { Format, GameId } from "../../shared/games/catalog";
import type { MoveInput } from "../../shared/games/types";
import { replay, setupOf } from "../../shared/match/replay";

type Entry = { seat: number; move: MoveInput | null };

/** A position replayed through `entries`, with what a table knows around it. */
function context(
  game: GameId,
  format: Format,
  entries: readonly Entry[],
  around: Partial<AroundPosition> = {},
): CommandContext {
  const played = replay(game, setupOf({ format, moveLimit: null, handicap: "none" }), entries);
  if (!played.ok) throw new Error(played.error.message);
  const names = game === "xiangqi" ? ["Ana", "CPU"] : ["Ana", "CPU", "Budi", "Citra"];
  return positionContext(played.value.game, {
    format,
    seats: names.map((name) => ({ name })),
    mySeats: [0],
    clocks: { kind: "none" },
    last: null,
    ...around,
  });
}

const LANGS: readonly Lang[] = ["en", "id", "pt", "hi"];

/** Xiangqi after Red's cannon h2–e2 (C2=5): Black to move. */
const xiangqi = () =>
  context("xiangqi", "teams", [{ seat: 0, move: { from: "h2", to: "e2" } }], {
    last: { seat: 0, text: "C2=5" },
    clocks: { kind: "clock", ms: [65_000, 1_000] },
  });

/** Four-player Teams after Red's h2–h4: Blue to move. */
const teams = () =>
  context("fourchess", "teams", [{ seat: 0, move: { from: "h2", to: "h4" } }], {
    last: { seat: 0, text: "h2-h4" },
    clocks: { kind: "timer", seat: 1, ms: 23_400 },
  });

/** Four-player Individual after Red's h2–h4 and Blue's resignation: Yellow to move. */
const individual = () =>
  context(
    "fourchess",
    "individual",
    [
      { seat: 0, move: { from: "h2", to: "h4" } },
      { seat: 1, move: null },
    ],
    { last: { seat: 1, text: "R" } },
  );

beforeAll(() => tableTexts());
afterEach(() => setLang("en"));

describe("in English", () => {
  it("p: where a kind of piece stands, seat by seat", () => {
    expect(answer("p n", teams())).toBe(
      "Knight. Red: e1, j1. Blue: a5, a10. Yellow: e14, j14. Green: n5, n10.",
    );
    expect(answer("P H", xiangqi())).toBe("Horse. Red: b0, h0. Black: b9, h9.");
    // The chess-like letter for the horse, and a general taken nowhere.
    expect(answer("p n", xiangqi())).toBe(answer("p h", xiangqi()));
    expect(answer("p c", xiangqi())).toBe("Cannon. Red: b2, e2. Black: b7, h7.");
    // A seat out: its pieces are grey.
    expect(answer("p k", individual())).toBe(
      "King. Red: h1. Blue: none. Yellow: g14. Green: n8. Grey: a7.",
    );
  });

  it("pieces: a seat's pieces, the reader's by default, by number or colour", () => {
    expect(answer("pieces", xiangqi())).toBe(
      "Red (Ana, you), 16 pieces: General: e0. Advisor: d0, f0. Chariot: a0, i0. Horse: b0, h0. Elephant: c0, g0. Cannon: b2, e2. Soldier: a3, c3, e3, g3, i3.",
    );
    const blue = answer("ps 2", teams());
    expect(blue).toMatch(/^Blue \(CPU\), 16 pieces: King: a7\. Queen: a8\./);
    expect(answer("ps blue", teams())).toBe(blue);
    expect(answer("PS Blue", teams())).toBe(blue);
    expect(answer("ps black", xiangqi())).toBe(answer("ps 2", xiangqi()));
    expect(answer("ps 2", individual())).toBe("Blue (CPU) has no pieces.");
    // A spectator hears the side to move.
    expect(answer("ps", { ...teams(), mySeats: [] })).toBe(blue);
  });

  it("s: a file or a rank square by square, empty runs once, only the cross's squares", () => {
    expect(answer("s e", xiangqi())).toBe(
      "e0 Red General, e1 empty, e2 Red Cannon, e3 Red Soldier, e4 to e5 empty, e6 Black Soldier, e7 to e8 empty, e9 Black General.",
    );
    expect(answer("s 2", xiangqi())).toBe(
      "a2 empty, b2 Red Cannon, c2 to d2 empty, e2 Red Cannon, f2 to i2 empty.",
    );
    expect(answer("s h", teams())).toBe(
      "h1 Red King, h2 to h3 empty, h4 Red Pawn, h5 to h12 empty, h13 Yellow Pawn, h14 Yellow Queen.",
    );
    // File a has ranks 4 to 11 only.
    expect(answer("s a", teams())).toMatch(/^a4 Blue Rook, .* a11 Blue Rook\.$/);
    expect(answer("s 1", teams())).toBe(
      "d1 Red Rook, e1 Red Knight, f1 Red Bishop, g1 Red Queen, h1 Red King, i1 Red Bishop, j1 Red Knight, k1 Red Rook.",
    );
    expect(answer("s 7", individual())).toContain("a7 Grey King");
  });

  it("l, t: the last move and whose turn, skipping seats that are out", () => {
    expect(answer("l", xiangqi())).toBe("Last move: C2=5, by Red (Ana, you).");
    expect(answer("last", context("xiangqi", "teams", []))).toBe("No move has been played yet.");
    expect(answer("t", xiangqi())).toBe("Black (CPU) to move; next: Red (Ana, you).");
    expect(answer("turn", teams())).toBe("Blue (CPU) to move; next: Yellow (Budi).");
    expect(answer("t", individual())).toBe("Yellow (Budi) to move; next: Green (Citra).");
    // Teams: a resignation ends the game.
    const over = context("fourchess", "teams", [
      { seat: 0, move: { from: "h2", to: "h4" } },
      { seat: 1, move: null },
    ]);
    expect(answer("t", over)).toBe("The game is over.");
  });

  it("c: the clocks, the turn timer, or none", () => {
    expect(answer("c", xiangqi())).toBe(
      "Red (Ana, you): 1 minute 5 seconds. Black (CPU): 1 second.",
    );
    expect(answer("clock", teams())).toBe("Blue (CPU) to move, 23 seconds left on the turn timer.");
    expect(answer("c", individual())).toBe("This game has no clock.");
    const clocks = { kind: "clock", ms: [600_000, 0, 61_000, 125_500] } as const;
    expect(answer("c", { ...individual(), clocks })).toBe(
      "Red (Ana, you): 10 minutes. Blue (CPU), out: 0 seconds. Yellow (Budi): 1 minute 1 second. Green (Citra): 2 minutes 5 seconds.",
    );
    expect(answer("c", { ...teams(), clocks: { kind: "timer", seat: -1, ms: 0 } })).toBe(
      "No turn is being timed now.",
    );
  });

  it("pt: points in Individual only", () => {
    expect(answer("pt", { ...individual(), points: [1, 0, 20, 3] })).toBe(
      "Red (Ana, you): 1 point. Blue (CPU), out: 0 points. Yellow (Budi): 20 points. Green (Citra): 3 points.",
    );
    expect(answer("points", teams())).toBe("This format has no points.");
    expect(answer("pt", xiangqi())).toBe("This format has no points.");
  });

  it("m: a piece's legal moves, or why it has none", () => {
    expect(answer("m b9", xiangqi())).toBe("b9 Black Horse, 2 moves: a7, c7.");
    expect(answer("m e6", xiangqi())).toBe("e6 Black Soldier, 1 move: e5.");
    // The cannon on b7 takes the horse on b0 over the cannon on b2; the one on h7 has no screen.
    expect(answer("m b7", xiangqi())).toContain("b0 takes Red Horse");
    expect(answer("m h7", xiangqi())).not.toContain("takes");
    expect(answer("m e0", xiangqi())).toBe("e0 Red General: not its turn; Black (CPU) is to move.");
    expect(answer("m e4", xiangqi())).toBe("e4 is empty.");
    expect(answer("m a9", xiangqi())).toBe("a9 Black Chariot, 2 moves: a7, a8.");
    expect(answer("m d9", xiangqi())).toBe("d9 Black Advisor, 1 move: e8.");
    expect(answer("m e14", individual())).toBe("e14 Yellow Knight, 2 moves: d12, f12.");
    expect(answer("m a7", individual())).toBe(
      "a7 Grey King: not its turn; Yellow (Budi) is to move.",
    );
    expect(answer("m a5", teams())).toBe("a5 Blue Knight, 2 moves: c4, c6.");
    expect(answer("moves B5", teams())).toBe("b5 Blue Pawn, 2 moves: c5, d5.");
    expect(answer("m a1", teams())).toBe("There is no square “a1” on this board.");
    expect(answer("m", teams())).toBe("Say which square after m, as in m e2.");
  });

  it("help and bad input", () => {
    const help = answer("help", teams());
    expect(help.split("\n")).toHaveLength(10);
    expect(help).toContain("K Q R B N P");
    expect(answer("?", xiangqi())).toContain("K A R H E C P");
    expect(answer("H", teams())).toBe(help);
    expect(answer("xyz 3", teams())).toBe("Unknown command “xyz 3”; type help for the list.");
    expect(answer("p", teams())).toBe("Say which piece after p: one of K Q R B N P.");
    expect(answer("p h", teams())).toBe("No piece has the letter “h”; use one of K Q R B N P.");
    expect(answer("ps 5", teams())).toBe("No seat “5”; give a number from 1 to 4 or a colour.");
    expect(answer("ps blue", xiangqi())).toBe(
      "No seat “blue”; give a number from 1 to 2 or a colour.",
    );
    expect(answer("s 15", teams())).toBe(
      "Scan a file letter from a to n or a rank number from 1 to 14, as in s e or s 2.",
    );
    expect(answer("s j", xiangqi())).toBe(
      "Scan a file letter from a to i or a rank number from 0 to 9, as in s e or s 2.",
    );
  });
});

describe("in every language", () => {
  const COMMANDS = [
    "help",
    "p n",
    "ps",
    "ps 2",
    "s e",
    "s 2",
    "l",
    "t",
    "c",
    "pt",
    "m b9",
    "m e0",
    "xyz",
    "p z",
    "m z1",
  ];

  for (const lang of LANGS) {
    it(`${lang}: every answer is in the catalogue's words, none left as a key`, async () => {
      await setLang(lang);
      const words = CATALOGUES[lang] as Readonly<Record<string, string>>;
      for (const [name, ctx] of [
        ["xiangqi", xiangqi()],
        ["teams", teams()],
        ["individual", { ...individual(), points: [1, 0, 20, 3] }],
      ] as const) {
        for (const command of COMMANDS) {
          const text = answer(command, ctx);
          expect(text, `${lang} ${name} ${command}`).not.toMatch(/\bcmd\.|\{\w+\}/);
          expect(text.length, `${lang} ${name} ${command}`).toBeGreaterThan(3);
        }
        // The seat's colour and the piece's name in the reader's language.
        expect(answer("p n", ctx)).toContain(words["color.red"]!);
        expect(answer("l", ctx)).toBe(answer("l", ctx));
      }
      const red = words["color.red"]!;
      expect(answer("t", xiangqi())).toContain(words["color.black"]!);
      expect(answer("ps", teams())).toContain(words["piece.K"]!);
      expect(answer("ps", xiangqi())).toContain(words["piece.xiangqi.K"]!);
      // A colour in the reader's language names a seat, as English does.
      expect(answer(`ps ${red.toLowerCase()}`, teams())).toBe(answer("ps 1", teams()));
      expect(answer("ps red", teams())).toBe(answer("ps 1", teams()));
      expect(answer("m b9", xiangqi())).toContain("a7, c7");
      expect(answer("xyz", teams())).toContain("xyz");
      // Plural forms: one and many.
      const c = answer("c", xiangqi());
      expect(c).toContain(words["cmd.seconds.one"]!.replace("{n}", "1"));
      expect(c).toContain(words["cmd.seconds.other"]!.replace("{n}", "5"));
      expect(answer("pt", { ...individual(), points: [1, 0, 20, 3] })).toContain(
        words["cmd.pointsOf.other"]!.replace("{n}", "20"),
      );
      expect(answer("pt", teams())).toBe(words["cmd.noPoints"]);
      expect(answer("help", teams()).split("\n")[0]).toBe(words["cmd.help"]);
    });
  }

  it("Hindi ends its sentences with the danda", async () => {
    await setLang("hi");
    expect(answer("p n", xiangqi())).toBe("घोड़ा। लाल: b0, h0। काला: b9, h9।");
    expect(answer("t", teams())).toBe("नीला (CPU) की बारी; अगली: पीला (Budi)।");
    expect(answer("c", xiangqi())).toBe("लाल (Ana, आप): 1 मिनट 5 सेकंड। काला (CPU): 1 सेकंड।");
  });

  it("Portuguese and Indonesian name the piece before its colour", async () => {
    await setLang("pt");
    expect(answer("m b9", xiangqi())).toBe("b9 Cavalo Preto, 2 lances: a7, c7.");
    expect(answer("s 2", xiangqi())).toBe(
      "a2 vazia, b2 Canhão Vermelho, c2 a d2 vazias, e2 Canhão Vermelho, f2 a i2 vazias.",
    );
    await setLang("id");
    expect(answer("m e6", xiangqi())).toBe("e6 Prajurit Hitam, 1 langkah: e5.");
    expect(answer("c", xiangqi())).toBe(
      "Merah (Ana, Anda): 1 menit 5 detik. Hitam (CPU): 1 detik.",
    );
  });
});
