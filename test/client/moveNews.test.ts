/**
 * A move as a screen reader is told it (client/src/parts/moveNews.ts): who moved (a CPU, or a
 * CPU playing for someone, named so), the piece, its squares, what it took and whose, a
 * promotion, castling, a check and whose, and who moves next; in each language.
 */
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { type Lang, setLang, tableTexts } from "../../client/src/i18n";
import { moveSentence, seatNews, type ToldMove } from "../../client/src/parts/moveNews";

beforeAll(() => tableTexts());
afterEach(() => setLang("en"));

const FOUR = [
  { color: "red", kind: "human", name: "Ana" },
  { color: "blue", kind: "cpu", name: "" },
  { color: "yellow", kind: "human", name: "Budi" },
  { color: "green", kind: "cpu", name: "" },
] as const;
const XIANGQI = [
  { color: "red", kind: "human", name: "Ana" },
  { color: "black", kind: "cpu", name: "" },
] as const;

const move = (over: Partial<ToldMove>): ToldMove => ({
  game: "fourchess",
  seats: FOUR,
  seat: 1,
  move: { from: "b10", to: "d9" },
  by: "cpu",
  text: "Nb10-d9",
  piece: "N",
  captured: null,
  checks: [],
  next: 2,
  mine: [0],
  ...over,
});

/** Four-player: a CPU's knight takes a pawn and checks; the reader (Red) is not next. */
const fourCapture = move({
  move: { from: "g14", to: "f12" },
  text: "Ng14xf12+",
  captured: { kind: "P", seat: 0 },
  checks: [0],
});
/** Four-player: a person's pawn promotes, taking a knight, checking two kings; the reader is next. */
const fourPromotion = move({
  seat: 2,
  by: "player",
  move: { from: "h8", to: "g7", promotion: "Q" },
  text: "h8xNg7=Q+",
  piece: "P",
  captured: { kind: "N", seat: 3 },
  checks: [3, 1],
  next: 3,
  mine: [3],
});
/** Xiangqi: the CPU's cannon takes a horse with check; the reader (Red) moves next. */
const xiangqiCapture = move({
  game: "xiangqi",
  seats: XIANGQI,
  seat: 1,
  move: { from: "h7", to: "h0" },
  text: "C2+7",
  piece: "C",
  captured: { kind: "H", seat: 0 },
  checks: [0],
  next: 0,
  mine: [0],
});

const EXPECTED: Record<Lang, [four: string, promotion: string, xiangqi: string]> = {
  en: [
    "Blue (CPU): knight g14 to f12, takes Red's pawn, check to Red. Yellow to move.",
    "Yellow (Budi): pawn h8 to g7, takes Green's knight, promotes to queen, check to Green and Blue. Your turn.",
    "Black (CPU): cannon h7 to h0, takes Red's horse, check to Red. Your turn.",
  ],
  id: [
    "Biru (CPU): kuda dari g14 ke f12, memakan pion Merah, skak untuk Merah. Giliran Kuning.",
    "Kuning (Budi): pion dari h8 ke g7, memakan kuda Hijau, promosi menjadi menteri, skak untuk Hijau dan Biru. Giliran Anda.",
    "Hitam (CPU): meriam dari h7 ke h0, memakan kuda Merah, skak untuk Merah. Giliran Anda.",
  ],
  pt: [
    "Azul (CPU): cavalo de g14 para f12, captura peão do Vermelho, xeque em Vermelho. Vez do Amarelo.",
    "Amarelo (Budi): peão de h8 para g7, captura cavalo do Verde, promove a dama, xeque em Verde e Azul. Sua vez.",
    "Preto (CPU): canhão de h7 para h0, captura cavalo do Vermelho, xeque em Vermelho. Sua vez.",
  ],
  hi: [
    "नीला (CPU): घोड़ा g14 से f12, लाल का प्यादा मारा, लाल को शह। अब पीला की बारी।",
    "पीला (Budi): प्यादा h8 से g7, हरा का घोड़ा मारा, वज़ीर में पदोन्नति, हरा और नीला को शह। अब आपकी बारी।",
    "काला (CPU): तोप h7 से h0, लाल का घोड़ा मारा, लाल को शह। अब आपकी बारी।",
  ],
};

describe("a move told", () => {
  for (const lang of ["en", "id", "pt", "hi"] as const) {
    it(`in ${lang}: who, the piece, its squares, the capture, promotion, check and who is next`, async () => {
      await setLang(lang);
      expect([
        moveSentence(fourCapture),
        moveSentence(fourPromotion),
        moveSentence(xiangqiCapture),
      ]).toEqual(EXPECTED[lang]);
    });
  }

  it("names a CPU playing for someone, castling, a resignation and a game's last move", () => {
    expect(
      moveSentence(
        move({
          seat: 2,
          by: "stand-in",
          piece: "R",
          move: { from: "n4", to: "m4" },
          text: "Rn4-m4",
          next: 3,
        }),
      ),
    ).toBe("Yellow (CPU for Budi): rook n4 to m4. Green to move.");
    expect(
      moveSentence(
        move({
          seat: 0,
          by: "player",
          piece: "K",
          move: { from: "h1", to: "j1" },
          text: "O-O",
          next: 1,
          mine: [],
        }),
      ),
    ).toBe("Red (Ana): castles short, king h1 to j1. Blue to move.");
    expect(
      moveSentence(
        move({
          seat: 0,
          by: "player",
          piece: "K",
          move: { from: "h1", to: "f1" },
          text: "O-O-O+",
          next: 1,
          mine: [],
        }),
      ),
    ).toBe("Red (Ana): castles long, king h1 to f1. Blue to move.");
    expect(
      moveSentence(move({ seat: 3, move: null, text: "resigns", piece: null, next: 0, mine: [] })),
    ).toBe("Green (CPU): resigns. Red to move.");
    expect(moveSentence({ ...xiangqiCapture, next: null })).toBe(
      "Black (CPU): cannon h7 to h0, takes Red's horse, check to Red.",
    );
  });
});

describe("the seats' news", () => {
  const seat = (
    color: string,
    kind: "human" | "cpu" | "open",
    name = "",
    connected = true,
    standIn = false,
  ) => ({
    color,
    kind,
    name,
    connected,
    standIn,
  });
  const before = [
    seat("red", "human", "Ana"),
    seat("blue", "human", "Budi"),
    seat("yellow", "open"),
    seat("green", "human", "Citra", false),
  ];

  it("tells who sat, dropped, came back, got a stand-in or left, never the reader's own seat", () => {
    const after = [
      seat("red", "human", "Ana", false),
      seat("blue", "human", "Budi", true, true),
      seat("yellow", "human", "Dewi"),
      seat("green", "human", "Citra", true),
    ];
    expect(seatNews(before, after, [0])).toEqual([
      "A CPU plays for Blue (Budi) for now.",
      "Yellow (Dewi) sits down.",
      "Green (Citra) is back.",
    ]);
    expect(seatNews(before, [...before.slice(0, 3), seat("green", "cpu")], [])).toEqual([
      "Green (Citra) left; a CPU plays in their place.",
    ]);
    expect(seatNews(before, before, [])).toEqual([]);
  });

  it("in Portuguese", async () => {
    await setLang("pt");
    expect(seatNews(before, [seat("red", "human", "Ana", false), ...before.slice(1)], [])).toEqual([
      "Vermelho (Ana) se desconectou.",
    ]);
  });
});
