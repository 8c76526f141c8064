/**
 * A person whose name was erased (the server keeps it as "") is named as a person who gave no
 * name is (in a game on one device, on the rules pages): by their colour alone in sentences,
 * "Red", and by the word for a player where a name stands alone (the seat's corner); and the
 * name's erasure is not news of someone sitting down.
 */
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { personName, setLang, tableTexts } from "../../client/src/i18n";
import { CATALOGUES } from "../../client/src/i18n/catalogues";
import { seatName } from "../../client/src/model/facts";
import { moverName, seatNews } from "../../client/src/parts/moveNews";
import { seatLabel } from "../../client/src/parts/texts";
import type { SeatView } from "../../shared/protocol/views";

beforeAll(() => tableTexts());
afterEach(() => setLang("en"));

const seat = (color: string, kind: SeatView["kind"], name = "") =>
  ({ color, kind, name, connected: true, standIn: false }) as const;
const seats = [seat("red", "human", ""), seat("black", "cpu", "CPU")];
const game = { game: "xiangqi" as const, seats };

describe("an erased name", () => {
  for (const lang of ["en", "hi"] as const) {
    it(`in ${lang}: shows as a person who gave no name`, async () => {
      await setLang(lang);
      const words = CATALOGUES[lang];
      expect(seatLabel(game, 0)).toBe(words["color.red"]);
      expect(moverName(seats, 0, "player")).toBe(words["color.red"]);
      expect(seatName({ seats } as never, 0)).toBe("");
      expect(personName("")).toBe(words["name.default"]);
      expect(seatLabel(game, 1)).toBe(`${words["color.black"]} (${words["seat.cpu"]})`);
    });
  }

  it("is not news of someone sitting down", () => {
    const before = [seat("red", "human", "Ana"), seat("black", "human", "Budi")];
    expect(seatNews(before, [seat("red", "human", ""), before[1]!], [1])).toEqual([]);
    expect(seatNews(before, [seat("red", "human", "Citra"), before[1]!], [1])).toEqual([
      "Red (Citra) sits down.",
    ]);
  });
});
