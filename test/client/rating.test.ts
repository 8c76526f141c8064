/**
 * Ratings as people read them, in each language: "1512", "1500?" while provisional, a change
 * "+12" or "−8" with a real minus sign, the result card's "1662? (+162)", the words a screen
 * reader says, and when a finished table has new ratings to show.
 */
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { setLang, tableTexts } from "../../client/src/i18n";
import { CATALOGUES } from "../../client/src/i18n/catalogues";
import {
  changeText,
  MINUS,
  ratingChanges,
  ratingsSpoken,
  ratingText,
  ratingWords,
} from "../../client/src/parts/rating";
import type { SeatView, TableView } from "../../shared/protocol/views";
import { rateGame, START, shown } from "../../shared/rating/glicko2";

const LANGS = ["en", "id", "pt", "hi"] as const;
type Strings = Readonly<Record<string, string>>;
const fill = (template: string, params: Record<string, string | number>) =>
  template.replace(/\{(\w+)\}/g, (_, k: string) => String(params[k] ?? `{${k}}`));

beforeAll(() => tableTexts());
afterEach(() => setLang("en"));

describe("a rating's figures", () => {
  it("rounded, with '?' while provisional, whatever the language", async () => {
    for (const lang of LANGS) {
      await setLang(lang);
      expect(ratingText(1500, true)).toBe("1500?");
      expect(ratingText(1511.6, false)).toBe("1512");
      expect(ratingText(1662.49, true)).toBe("1662?");
    }
  });

  it("a change signed with a plus or a real minus sign (U+2212), never a hyphen", () => {
    expect(MINUS).toBe("\u2212");
    expect(changeText(12)).toBe("+12");
    expect(changeText(-8)).toBe("\u22128");
    expect(changeText(-8)).not.toContain("-");
    expect(changeText(0)).toBe("±0");
    expect(changeText(161.6)).toBe("+162");
    expect(changeText(-0.4)).toBe("±0");
  });

  it("in words for a screen reader, in each language, saying 'provisional' only when it is", async () => {
    for (const lang of LANGS) {
      await setLang(lang);
      const w = CATALOGUES[lang] as Strings;
      expect(ratingWords(1512.2, false)).toBe(fill(w["rating.words"]!, { rating: 1512 }));
      expect(ratingWords(1500, true)).toBe(fill(w["rating.provisional"]!, { rating: 1500 }));
      expect(ratingWords(1500, true)).not.toBe(ratingWords(1500, false));
      expect(ratingWords(1500, true)).toContain("1500");
      // Hindi in Devanagari: no Latin word in it.
      if (lang === "hi") expect(ratingWords(1500, true)).not.toMatch(/[A-Za-z]/);
    }
  });
});

const seat = (over: Partial<SeatView>): SeatView => ({
  color: "red",
  kind: "human",
  name: "",
  player: "",
  rating: 0,
  provisional: false,
  delta: 0,
  connected: true,
  standIn: false,
  level: "",
  score: 0,
  out: "",
  used: 0,
  clock: 0,
  ...over,
});

/** A finished xiangqi table, Red (Ana) beating Black (Budi), both new players. */
function finished(rated: boolean, deltas: [number, number], code = "resignation"): TableView {
  const after = rateGame(
    { pool: "xiangqi", players: ["ana", "budi"], results: [1, 0] },
    [START, START],
    0,
  ).map(shown);
  const known = deltas.some((d) => d !== 0);
  return {
    game: "xiangqi",
    mode: "online",
    phase: "finished",
    rules: { rated } as TableView["rules"],
    result: { code, reason: "", draw: false, winners: [0], placing: [1, 2] } as never,
    seats: [
      seat({
        name: "Ana",
        player: "AnaAnaAnaAna",
        rating: known ? after[0]!.rating : 1500,
        provisional: true,
        delta: deltas[0],
      }),
      seat({
        color: "black",
        name: "Budi",
        player: "BudiBudiBudi",
        rating: known ? after[1]!.rating : 1500,
        provisional: true,
        delta: deltas[1],
      }),
    ],
  } as unknown as TableView;
}

describe("the new ratings of a finished table", () => {
  const [ana, budi] = rateGame(
    { pool: "xiangqi", players: ["ana", "budi"], results: [1, 0] },
    [START, START],
    0,
  ).map(shown) as [ReturnType<typeof shown>, ReturnType<typeof shown>];
  const up = ana.rating - 1500;
  const down = budi.rating - 1500;

  it("two new players' changes are equal and opposite (Glicko-2: about ±162)", () => {
    expect(up).toBe(-down);
    expect(up).toBeGreaterThan(150);
    expect(up).toBeLessThan(175);
  });

  it("none for a casual or aborted game; none yet before the server says them; then each person's", () => {
    expect(ratingChanges(finished(false, [up, down]))).toBeNull();
    expect(ratingChanges(finished(true, [up, down], "aborted"))).toBeNull();
    expect(ratingChanges(finished(true, [0, 0]))).toEqual([]);
    const changes = ratingChanges(finished(true, [up, down]));
    expect(changes?.map((c) => [c.seat, c.player, c.rating, c.delta])).toEqual([
      [0, "AnaAnaAnaAna", ana.rating, up],
      [1, "BudiBudiBudi", budi.rating, down],
    ]);
  });

  it("the card's line and the spoken words, in each language", async () => {
    const changes = ratingChanges(finished(true, [up, down]))!;
    for (const lang of LANGS) {
      await setLang(lang);
      const w = CATALOGUES[lang] as Strings;
      const line = fill(w["result.rating"]!, {
        rating: ratingText(ana.rating, true),
        change: changeText(up),
      });
      expect(line).toBe(`${ana.rating}? (+${up})`);
      const spoken = ratingsSpoken(changes);
      expect(spoken).toContain(
        fill(w["result.ratingSpoken"]!, { name: "Ana", rating: ana.rating, change: `+${up}` }),
      );
      expect(spoken).toContain(
        fill(w["result.ratingSpoken"]!, {
          name: "Budi",
          rating: budi.rating,
          change: `${MINUS}${-down}`,
        }),
      );
    }
  });
});
