/** The rules page of xiangqi: its sections, in the order the page shows them. */
import type { Block, RulesContent } from "../content";

/** The standard start. */
const XIANGQI_START = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";

const LETTERS = ["K", "A", "E", "H", "R", "C", "P"] as const;

/** The pieces at a glance: the move list's letter and the move in short. */
const summary: Block = {
  table: {
    head: ["rules-xiangqi.pieces.head.letter", "rules-xiangqi.pieces.head.move"],
    rows: LETTERS.map((l) => [{ text: l }, `rules-xiangqi.pieces.sum.${l}` as const]),
  },
};

export const xiangqiRules: RulesContent = {
  game: "xiangqi",
  sections: [
    {
      id: "intro",
      title: "rules-xiangqi.s.intro",
      blocks: [
        { p: "rules-xiangqi.intro.p1" },
        { p: "rules-xiangqi.intro.p2" },
        { p: "rules-xiangqi.intro.p3" },
      ],
    },
    {
      id: "setup",
      title: "rules-xiangqi.s.setup",
      blocks: [
        { p: "rules-xiangqi.setup.p1" },
        { p: "rules-xiangqi.setup.p2" },
        { p: "rules-xiangqi.setup.p3" },
        { diagram: { id: "start", fen: XIANGQI_START, caption: "rules-xiangqi.setup.start" } },
        { p: "rules-xiangqi.setup.p4" },
      ],
    },
    {
      id: "pieces",
      title: "rules-xiangqi.s.pieces",
      blocks: [
        { p: "rules-xiangqi.pieces.p1" },
        summary,
        { p: "rules-xiangqi.pieces.general" },
        {
          diagram: {
            id: "general",
            fen: "3aka3/9/9/4p4/9/9/2P1P1P2/9/3K5/9 w - - 0 1",
            caption: "rules-xiangqi.pieces.general.diagram",
            marks: [{ from: "d0" }, { from: "d2" }, { from: "e1" }, { from: "c1", color: "red" }],
          },
        },
        { p: "rules-xiangqi.pieces.advisor" },
        {
          diagram: {
            id: "advisor",
            fen: "5k3/4a4/9/9/9/9/9/3A5/4A4/4K4 w - - 0 1",
            caption: "rules-xiangqi.pieces.advisor.diagram",
            marks: [{ from: "f2" }, { from: "f0" }, { from: "d0" }, { from: "c3", color: "red" }],
          },
        },
        { p: "rules-xiangqi.pieces.elephant" },
        {
          diagram: {
            id: "elephant",
            fen: "3aka3/9/9/4p4/9/2E6/5H3/4E4/9/4K4 w - - 0 1",
            caption: "rules-xiangqi.pieces.elephant.diagram",
            marks: [
              { from: "c0" },
              { from: "g0" },
              { from: "f3", color: "yellow" },
              { from: "g4", color: "red" },
              { from: "c4", to: "a6", color: "red" },
            ],
          },
        },
        { p: "rules-xiangqi.pieces.horse" },
        {
          diagram: {
            id: "horse",
            fen: "3aka3/9/9/9/4p4/4H4/9/9/9/3AKA3 w - - 0 1",
            caption: "rules-xiangqi.pieces.horse.diagram",
            marks: [
              { from: "e5", color: "yellow" },
              { from: "d6", color: "red" },
              { from: "f6", color: "red" },
              ...["c5", "g5", "c3", "g3", "d2", "f2"].map((from) => ({ from })),
            ],
          },
        },
        { p: "rules-xiangqi.pieces.chariot" },
        {
          diagram: {
            id: "chariot",
            fen: "3aka3/9/2n6/4p4/9/2R3P2/4P4/9/9/3AKA3 w - - 0 1",
            caption: "rules-xiangqi.pieces.chariot.diagram",
            marks: [
              { from: "c4", to: "c7" },
              { from: "c4", to: "h4", color: "red" },
            ],
          },
        },
        { p: "rules-xiangqi.pieces.cannon" },
        {
          diagram: {
            id: "cannon",
            fen: "1r1aka3/9/9/4p4/9/1H7/4P4/1C4n2/9/3AKA3 w - - 0 1",
            caption: "rules-xiangqi.pieces.cannon.diagram",
            marks: [
              { from: "b4", color: "yellow" },
              { from: "b2", to: "b9" },
              { from: "b2", to: "g2", color: "red" },
            ],
          },
        },
        { p: "rules-xiangqi.pieces.soldier" },
        {
          diagram: {
            id: "soldier",
            fen: "4k4/4a4/9/9/6P2/9/2P6/9/4A4/4K4 w - - 0 1",
            caption: "rules-xiangqi.pieces.soldier.diagram",
            marks: [
              { from: "c4" },
              { from: "d3", color: "red" },
              { from: "g6" },
              { from: "f5" },
              { from: "h5" },
              { from: "g4", color: "red" },
            ],
          },
        },
      ],
    },
    {
      id: "key-rules",
      title: "rules-xiangqi.s.keyRules",
      blocks: [
        { p: "rules-xiangqi.key.p1" },
        {
          diagram: {
            id: "horse-leg",
            fen: XIANGQI_START,
            caption: "rules-xiangqi.key.horseLeg",
            marks: [{ from: "b0", to: "d1", color: "red" }],
          },
        },
        {
          diagram: {
            id: "flying-general",
            fen: "r2aka3/9/9/2p3p2/4P4/9/P7P/1C7/9/3AKA3 w - - 0 1",
            caption: "rules-xiangqi.key.flying",
            marks: [
              { from: "e5", to: "d5", color: "red" },
              { from: "f5", color: "red" },
            ],
          },
        },
        {
          diagram: {
            id: "double-cannon",
            fen: "2bakab2/9/9/p1p3p1p/9/9/P1P3P1P/1C5C1/4A4/3K1A3 w - - 0 1",
            caption: "rules-xiangqi.key.doubleCannon",
            marks: [{ from: "h2", to: "e2" }],
            line: ["h2-e2", "a6-a5", "b2-b4", "i6-i5", "b4-e4"],
            lineDone: "rules-xiangqi.key.doubleCannonDone",
          },
        },
      ],
    },
    {
      id: "winning",
      title: "rules-xiangqi.s.winning",
      blocks: [
        { p: "rules-xiangqi.winning.p1" },
        {
          list: [
            "rules-xiangqi.winning.mate",
            "rules-xiangqi.winning.noMove",
            "rules-xiangqi.winning.perpetual",
            "rules-xiangqi.winning.repetition",
            "rules-xiangqi.winning.plyLimit",
            "rules-xiangqi.winning.agreement",
            "rules-xiangqi.winning.resign",
            "rules-xiangqi.winning.time",
          ],
        },
        {
          diagram: {
            id: "no-move",
            fen: "4k4/9/4P4/9/9/9/9/9/8R/3K5 w - - 0 1",
            caption: "rules-xiangqi.winning.noMoveDiagram",
            marks: [{ from: "i1", to: "f1" }],
            line: ["i1-f1"],
            lineDone: "rules-xiangqi.winning.noMoveDone",
          },
        },
      ],
    },
    { id: "house-rules", title: "learn.house.title", blocks: [{ houseRules: true }] },
    {
      id: "faq",
      title: "rules-xiangqi.s.faq",
      blocks: [
        {
          qa: [
            ["rules-xiangqi.faq.q1", "rules-xiangqi.faq.a1"],
            ["rules-xiangqi.faq.q2", "rules-xiangqi.faq.a2"],
            ["rules-xiangqi.faq.q3", "rules-xiangqi.faq.a3"],
            ["rules-xiangqi.faq.q4", "rules-xiangqi.faq.a4"],
            ["rules-xiangqi.faq.q5", "rules-xiangqi.faq.a5"],
            ["rules-xiangqi.faq.q6", "rules-xiangqi.faq.a6"],
            ["rules-xiangqi.faq.q7", "rules-xiangqi.faq.a7"],
          ],
        },
      ],
    },
    {
      id: "advice",
      title: "rules-xiangqi.s.advice",
      blocks: [
        {
          list: [
            "rules-xiangqi.advice.safe",
            "rules-xiangqi.advice.attacked",
            "rules-xiangqi.advice.lines",
            "rules-xiangqi.advice.screens",
            "rules-xiangqi.advice.develop",
            "rules-xiangqi.advice.centre",
            "rules-xiangqi.advice.defenders",
          ],
        },
      ],
    },
  ],
};
