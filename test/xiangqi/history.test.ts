import { describe, expect, it } from "vitest";
import { unwrap } from "../../shared/core/result";
import { Xiangqi } from "../../shared/games/xiangqi/game";

/**
 * A game's positions for repetition are shared between its versions (a move appends to the
 * buffer of the game it was played from). Games played on from earlier versions, as after a
 * takeback, must judge repetition exactly as the same moves played from the start do.
 */
const play = (game: Xiangqi, moves: string) =>
  moves
    .split(" ")
    .filter(Boolean)
    .reduce((g, m) => unwrap(g.playText(m)), game);
const judged = (g: Xiangqi) => ({ notices: g.notices, outcome: g.outcome });
/** The same game played again from the start, move by move, from nothing shared. */
const replayed = (g: Xiangqi) =>
  play(unwrap(Xiangqi.fromFen(g.startFen)), g.moves.map((m) => m.from + m.to).join(" "));

const KNIGHTS = "h0g2 h9g7 g2h0 g7h9";
const OTHER_KNIGHTS = "b0c2 h9g7 c2b0 g7h9";

describe("repetition in games played on from earlier versions", () => {
  it("gives every game begun from the start a history of its own", () => {
    // Games begin from one parsed start position; what one plays never reaches another.
    // h0g2 leads to a position the first game saw at plies 1 and 5, the second at ply 1.
    const first = play(Xiangqi.start(), `${KNIGHTS} ${KNIGHTS} h0g2`);
    expect(first.notices[0]!.message).toContain("3 times");
    const second = play(Xiangqi.start(), `${KNIGHTS} h0g2`);
    expect(second.notices).toEqual([]);
    expect(Xiangqi.start().startFen).toBe(unwrap(Xiangqi.fromFen(first.startFen)).startFen);
    for (const g of [first, second]) expect(judged(g)).toEqual(judged(replayed(g)));
  });

  it("counts each line's own positions after another line went on from the same game", () => {
    const a = play(Xiangqi.start(), KNIGHTS);
    const b = play(a, KNIGHTS);
    // Played on from `a` after `b` was: the positions after `a` differ.
    const c = play(a, OTHER_KNIGHTS);
    // `b` again: h0g2 leads to a position it saw twice (plies 1 and 5), now a third time.
    const b9 = play(b, "h0g2");
    expect(b9.notices.map((n) => n.code)).toEqual(["draw-offer/repetition"]);
    expect(b9.notices[0]!.message).toContain("3 times");
    // `c`: b0c2 leads to a position it saw once (ply 5), not `b`'s.
    const c9 = play(c, "b0c2");
    expect(c9.notices).toEqual([]);
    // The start position a fourth time in `c` (plies 0, 4, 8, 12).
    const c12 = play(c9, "h9g7 c2b0 g7h9");
    expect(c12.notices[0]!.message).toContain("4 times");
    for (const g of [b9, c9, c12]) expect(judged(g)).toEqual(judged(replayed(g)));
  });

  it("judges as a replay from the start at every branch of a long game", () => {
    const versions = [Xiangqi.start()];
    for (let i = 0; i < 40; i++)
      versions.push(play(versions.at(-1)!, i % 3 ? KNIGHTS : OTHER_KNIGHTS));
    const last = versions.at(-1)!;
    expect(last.moves).toHaveLength(160);
    expect(last.notices[0]!.message).toContain("41 times");
    // Branches from every fifth version, each played after the longer ones.
    for (const v of versions.filter((_, i) => i % 5 === 0)) {
      const branch = play(v, "h2e2 h9g7 h0g2 g7h9");
      expect(judged(branch)).toEqual(judged(replayed(branch)));
    }
    // And the longest line goes on unchanged by them.
    const on = play(last, KNIGHTS);
    expect(on.notices[0]!.message).toContain("42 times");
    expect(judged(on)).toEqual(judged(replayed(on)));
  });

  it("ends a perpetual check in one line and not in a line that varied", () => {
    const perpetual = unwrap(Xiangqi.fromFen("3k5/R8/9/9/9/9/9/9/9/4K4 w - - 0 1"));
    const cycle = "a8a9 d9d8 a9a8 d8d9";
    const warned = play(perpetual, cycle);
    const lost = play(warned, cycle);
    expect(lost.outcome).toMatchObject({ reason: "perpetual-check", winners: [1] });
    const varied = play(warned, "a8a9 d9d8 a9a7 d8d9");
    expect(varied.outcome).toBeNull();
    const again = play(warned, cycle);
    expect(again.outcome).toMatchObject({ reason: "perpetual-check", winners: [1] });
    for (const g of [lost, varied, again]) expect(judged(g)).toEqual(judged(replayed(g)));
  });
});
