/**
 * Every text the server, the reducer and the engines can send — refusals, results' reasons,
 * notices, mate names, pieces — is in every language, translated (not left in English), with
 * the shared template's placeholders; and the client fills them in the reader's language.
 */
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  errorText,
  noticeText,
  resultText,
  setLang,
  tableTexts,
  tCount,
} from "../../client/src/i18n";
import { CATALOGUES } from "../../client/src/i18n/catalogues";
import { ERRORS, placeholdersOf } from "../../shared/core/errors";
import { ENGLISH_MATES, ENGLISH_PIECES, NOTICES, RESULTS } from "../../shared/core/texts";

const en = CATALOGUES.en;

type Strings = Readonly<Record<string, string>>;

/** Keys whose translation may be the English text: names, and words the languages share. */
const SAME_AS_ENGLISH: Readonly<Record<string, readonly string[]>> = {
  id: ["app.title", "seat.cpu", "rules.format", "level.normal", "level.master", "rating.words"],
  pt: [
    "app.title",
    "seat.cpu",
    "level.normal",
    "rules.seconds",
    "clock.minutes",
    "clock.minutesSeconds",
    "clock.seconds",
    "seat.points.one",
    "seat.points.other",
    "piece.xiangqi.K",
    "rating.words",
    // A name, and the word Brazilian players use for a rating.
    "pool.xiangqi",
    "player.ratings",
    "leaderboard.rating",
  ],
  hi: ["app.title", "seat.cpu"],
};

/** A text with nothing to translate: only placeholders, digits and punctuation. */
const nothingToTranslate = (s: string) => !/\p{L}/u.test(s.replace(/\{\w+\}/g, ""));

/** Every key the server's codes are read by, with the shared template each must follow. */
const CODED: [key: string, template: string][] = [
  ...Object.entries(ERRORS).map(([c, m]): [string, string] => [`error.${c}`, m]),
  ...Object.entries(RESULTS).map(([c, m]): [string, string] => [`reason.${c}`, m]),
  ...Object.entries(NOTICES).map(([c, m]): [string, string] => [`notice.${c}`, m]),
  ...Object.keys(ENGLISH_MATES).map((k): [string, string] => [`mate.${k}`, ""]),
];

const sorted = (s: string) => placeholdersOf(s).sort();

// The table's words, as a table page has them.
beforeAll(() => tableTexts());
afterEach(() => setLang("en"));

describe("no English is left", () => {
  it("every code the server can send has an English sentence with its template's values", () => {
    const strings = en as Strings;
    for (const [key, template] of CODED) {
      const text = strings[key] ?? strings[`${key}.other`];
      expect(text, key).toBeTruthy();
      expect(sorted(text!), key).toEqual(sorted(template));
    }
    for (const token of Object.keys(ENGLISH_PIECES)) {
      const [game, kind] = token.split(".");
      expect(strings[`piece.${game}.${kind}`] ?? strings[`piece.${kind}`], token).toBeTruthy();
    }
  });

  for (const lang of ["id", "pt", "hi"] as const) {
    it(`${lang} translates every code, and every other key, unless it is a name`, () => {
      const strings = CATALOGUES[lang] as Strings;
      const allowed = SAME_AS_ENGLISH[lang]!;
      for (const [key, template] of CODED) {
        const text = strings[key] ?? strings[`${key}.other`];
        expect(text, `${lang} ${key}`).toBeTruthy();
        if (template) expect(sorted(text!), `${lang} ${key}`).toEqual(sorted(template));
      }
      const left = Object.entries(en).filter(
        ([key, english]) =>
          strings[key] === english && !allowed.includes(key) && !nothingToTranslate(english),
      );
      expect(left.map(([key]) => key)).toEqual([]);
      if (lang === "hi") {
        // Hindi is written in Devanagari: no sentence of Latin letters alone.
        const latin = Object.entries(strings).filter(
          ([key, text]) =>
            !allowed.includes(key) &&
            /\p{L}/u.test(text.replace(/\{\w+\}/g, "")) &&
            !/\p{Script=Devanagari}/u.test(text),
        );
        expect(latin.map(([key]) => key)).toEqual([]);
      }
    });
  }
});

describe("counts", () => {
  /**
   * Sentences with a count and no plural forms, each because its number is never one: the
   * shared catalogue's counts (RULES: 400 plies, a lead of 20 points, the 3rd repetition, 60
   * moves, 2 or more screens, a move limit) and words without number ("3 watching", "30 s",
   * a clock's "1 min + 15 s delay").
   */
  const NEVER_ONE = [
    "lobby.spectators",
    "rules.seconds",
    "reason.ply-limit",
    "reason.move-limit",
    "reason.points-lead",
    "notice.draw-offer/repetition",
    "notice.draw-offer/no-capture",
    "error.move/cannon-screen",
    "clock.minutes",
    "clock.seconds",
    "clock.withIncrement",
    "clock.withDelay",
    // Shown from ten answers (shared/protocol/site.ts RECOMMEND_SHOWN_FROM).
    "lobby.recommended",
  ];

  it("every sentence with a count has plural forms, unless its count is never one", () => {
    const single = Object.entries(en).filter(
      ([key, text]) =>
        /\{n\}\s*\p{L}/u.test(text) && !/\.(one|other)$/.test(key) && !NEVER_ONE.includes(key),
    );
    expect(single.map(([key]) => key)).toEqual([]);
    for (const [key] of Object.entries(en).filter(([k]) => k.endsWith(".one")))
      expect(en, key).toHaveProperty(key.replace(/\.one$/, ".other"));
  });
});

describe("coded texts in the reader's language", () => {
  it("names pieces, seats and squares of a refusal", async () => {
    const pinned = {
      code: "move/general-in-check",
      message: "Moving the horse to c2 would leave your general in check.",
      params: { piece: "xiangqi.H", square: "c2" },
    };
    expect(errorText(pinned)).toBe(pinned.message);
    await setLang("id");
    expect(errorText(pinned)).toBe("Memindahkan kuda ke c2 membuat jenderal Anda terkena skak.");
    await setLang("pt");
    expect(errorText(pinned)).toBe(
      "Com essa jogada (cavalo para c2), seu general ficaria em xeque.",
    );
    const turn = {
      code: "move/not-your-turn",
      message: "It is Red's turn, not yours.",
      params: { turn: 0 },
    };
    expect(errorText(turn, { game: "xiangqi" })).toBe("É a vez de Vermelho, não a sua.");
    await setLang("hi");
    expect(errorText(turn, { game: "xiangqi" })).toBe("अभी लाल की बारी है, आपकी नहीं।");
    // An older server's refusal without the values falls back to its English.
    expect(errorText({ code: "move/general-in-check", message: "Not that." })).toBe("Not that.");
  });

  it("writes a result's reason with the mate's name and the seats' players", async () => {
    const mate = {
      code: "mate",
      params: new Map([
        ["winner", "0"],
        ["loser", "1"],
        ["mate", "double-cannon"],
      ]),
      message: "Double-cannon mate. Red wins.",
    };
    expect(resultText(mate)).toBe("Double-cannon mate.");
    await setLang("pt");
    expect(resultText(mate)).toBe("Mate de dois canhões.");
    await setLang("hi");
    expect(resultText(mate)).toBe("दो तोपों की मात।");
    const resigned = { code: "resignation", params: { loser: 1, winner: 0 }, message: "x" };
    const ctx = { game: "xiangqi", seat: (s: number) => (s === 1 ? "Preto (Ana)" : "Vermelho") };
    await setLang("pt");
    expect(resultText(resigned, ctx)).toBe("Preto (Ana) desistiu.");
    await setLang("id");
    expect(
      resultText({ code: "timeout", params: { loser: 0 }, message: "x" }, { game: "xiangqi" }),
    ).toBe("Waktu Merah habis.");
    // A result kept before codes shows its words.
    expect(resultText({ message: "Red resigned. Black wins." })).toBe("Red resigned. Black wins.");
  });

  it("tells a timer that ran out to its player, and whose it was to the others", async () => {
    const ranOut = {
      code: "timer/ran-out",
      params: new Map([["seat", "1"]]),
      message: "Black ran out of time; the CPU moved for them.",
      seat: 1,
    };
    await setLang("id");
    expect(noticeText(ranOut, { game: "xiangqi" }, true)).toBe(
      "Waktu Anda habis; CPU sudah melangkah untuk Anda.",
    );
    expect(noticeText(ranOut, { game: "xiangqi" })).toBe(
      "Waktu Hitam habis; CPU melangkah untuknya.",
    );
    await setLang("hi");
    expect(noticeText(ranOut, { game: "xiangqi" }, true)).toBe(
      "आपका समय ख़त्म हो गया; CPU ने आपकी ओर से चाल चली।",
    );
  });

  it("counts with the language's plural forms", async () => {
    expect(tCount("table.takebackAsked", 1, { name: "Ana" })).toBe(
      "Ana asks to undo the last move.",
    );
    expect(tCount("table.takebackAsked", 4, { name: "Ana" })).toBe(
      "Ana asks to undo the last 4 moves.",
    );
    await setLang("pt");
    expect(tCount("table.takebackAsked", 1, { name: "Ana" })).toBe(
      "Ana pede para desfazer a última jogada.",
    );
    expect(tCount("out.standing", 0, { place: 1, seats: 4 })).toBe(
      "Você está em 1º lugar de 4, com 0 pontos.",
    );
    await setLang("hi");
    expect(tCount("table.takebackAsked", 2, { name: "Ana" })).toBe(
      "Ana आख़िरी 2 चालें वापस लेना चाहते हैं।",
    );
  });
});
