/** The rules page of fourchess: its sections, in the order the page shows them. */
import type { RulesContent } from "../content";

const FILES = "abcdefghijklmn";

/** A position written as its pieces (`rKh1 gPm7`, `d` for grey), for FEN4 (fen4.ts). */
interface Cross {
  readonly turn: "R" | "B" | "Y" | "G";
  readonly pieces: string;
  /** Seats that are out (Individual): their pieces are written grey. */
  readonly out?: readonly number[];
  /** Seats that may still castle, on both sides. */
  readonly castle?: readonly number[];
}

const cut = (file: number, rank: number) => (file < 3 || file > 10) && (rank < 3 || rank > 10);
const flags = (seats: readonly number[] = []) =>
  [0, 1, 2, 3].map((s) => (seats.includes(s) ? 1 : 0)).join(",");

/** The FEN4 of a position: ranks 14 to 1, `x` for a square cut from a corner. */
function cross(c: Cross): string {
  const at = new Map(c.pieces.split(" ").map((p) => [p.slice(2), p.slice(0, 2)] as const));
  const rows: string[] = [];
  for (let rank = 13; rank >= 0; rank--) {
    const tokens: string[] = [];
    let empty = 0;
    for (let file = 0; file < 14; file++) {
      const piece = at.get(`${FILES[file]}${rank + 1}`);
      if (!cut(file, rank) && !piece) {
        empty++;
        continue;
      }
      if (empty) tokens.push(String(empty));
      empty = 0;
      tokens.push(piece ?? "x");
    }
    if (empty) tokens.push(String(empty));
    rows.push(tokens.join(","));
  }
  const castle = flags(c.castle);
  return [c.turn, flags(c.out), castle, castle, "0,0,0,0", "0", rows.join("/")].join("-");
}

/** The standard start, Red to move. */
const START =
  "R-0,0,0,0-1,1,1,1-1,1,1,1-0,0,0,0-0-x,x,x,yR,yN,yB,yK,yQ,yB,yN,yR,x,x,x/x,x,x,yP,yP,yP,yP,yP,yP,yP,yP,x,x,x/x,x,x,8,x,x,x/bR,bP,10,gP,gR/bN,bP,10,gP,gN/bB,bP,10,gP,gB/bQ,bP,10,gP,gK/bK,bP,10,gP,gQ/bB,bP,10,gP,gB/bN,bP,10,gP,gN/bR,bP,10,gP,gR/x,x,x,8,x,x,x/x,x,x,rP,rP,rP,rP,rP,rP,rP,rP,x,x,x/x,x,x,rR,rN,rB,rQ,rK,rB,rN,rR,x,x,x";

/** Red's, Blue's and Yellow's kings at home, for positions about Green. */
const KINGS = "rKh1 bKa7 yKg14";

/** Green's king on n8 walled in by its own pawns: a rook on the n-file mates it. */
const WALLED = `${KINGS} gKn8 gPm7 gPm8 gPm9 rRe4 yPe13`;

export const fourchessRules: RulesContent = {
  game: "fourchess",
  sections: [
    {
      id: "intro",
      title: "rules-fourchess.intro.title",
      blocks: [
        { p: "rules-fourchess.intro.p1" },
        {
          list: [
            "rules-fourchess.intro.board",
            "rules-fourchess.intro.teams",
            "rules-fourchess.intro.individual",
            "rules-fourchess.intro.moves",
          ],
        },
        { p: "rules-fourchess.intro.p2" },
      ],
    },
    {
      id: "setup",
      title: "rules-fourchess.setup.title",
      blocks: [
        { p: "rules-fourchess.setup.board" },
        {
          list: [
            "rules-fourchess.setup.seats",
            "rules-fourchess.setup.army",
            "rules-fourchess.setup.faces",
            "rules-fourchess.setup.shapes",
            "rules-fourchess.setup.first",
          ],
        },
        {
          diagram: {
            id: "start",
            fen: START,
            caption: "rules-fourchess.setup.diagram",
            marks: [
              { from: "h1", color: "yellow" },
              { from: "a7", color: "yellow" },
              { from: "g14", color: "yellow" },
              { from: "n8", color: "yellow" },
            ],
          },
        },
      ],
    },
    {
      id: "pieces",
      title: "rules-fourchess.pieces.title",
      blocks: [
        { p: "rules-fourchess.pieces.moves" },
        { p: "rules-fourchess.pieces.pawns" },
        {
          diagram: {
            id: "pawns",
            fen: cross({ turn: "R", pieces: `${KINGS} gKn8 rPe2 bPb10 yPj13 gPm5` }),
            caption: "rules-fourchess.pieces.pawnsDiagram",
            marks: [
              { from: "e2", to: "e4", color: "red" },
              { from: "b10", to: "d10", color: "blue" },
              { from: "j13", to: "j11", color: "yellow" },
              { from: "m5", to: "k5", color: "green" },
            ],
          },
        },
        { p: "rules-fourchess.pieces.promotion" },
        {
          diagram: {
            id: "promotion-teams",
            fen: cross({ turn: "R", pieces: `${KINGS} gKn8 rPg10 bPj9 yPj5 gPe6` }),
            caption: "rules-fourchess.pieces.promotionTeams",
            marks: [
              { from: "g11", color: "yellow" },
              { from: "k9", color: "yellow" },
              { from: "j4", color: "yellow" },
              { from: "d6", color: "yellow" },
            ],
          },
        },
        {
          diagram: {
            id: "promotion-individual",
            fen: cross({ turn: "R", pieces: `${KINGS} gKn8 rPf7 bPg9 yPi8 gPh6` }),
            format: "individual",
            caption: "rules-fourchess.pieces.promotionIndividual",
            marks: [
              { from: "f8", color: "yellow" },
              { from: "h9", color: "yellow" },
              { from: "i7", color: "yellow" },
              { from: "g6", color: "yellow" },
            ],
          },
        },
        { p: "rules-fourchess.pieces.castling" },
        {
          diagram: {
            id: "castling",
            fen: cross({
              turn: "R",
              pieces: "rKh1 rRd1 rRk1 rPd2 rPe2 rPf2 rPg2 rPi2 rPj2 rPk2 bKa7 yKg14 gKn8",
              castle: [0],
            }),
            caption: "rules-fourchess.pieces.castlingDiagram",
            marks: [
              { from: "h1", to: "j1" },
              { from: "h1", to: "f1" },
            ],
          },
        },
        { p: "rules-fourchess.pieces.enPassant" },
        {
          diagram: {
            id: "en-passant",
            fen: cross({ turn: "R", pieces: `${KINGS} gKn8 rPe2 bPd4` }),
            caption: "rules-fourchess.pieces.enPassantDiagram",
            marks: [{ from: "e2", to: "e4" }],
            line: ["e2-e4", "d4-e3"],
            lineDone: "rules-fourchess.pieces.enPassantDone",
          },
        },
        { p: "rules-fourchess.pieces.ownKing" },
      ],
    },
    {
      id: "teams",
      title: "rules-fourchess.teams.title",
      blocks: [
        { p: "rules-fourchess.teams.partners" },
        { p: "rules-fourchess.teams.mate" },
        {
          diagram: {
            id: "teams-mate",
            fen: cross({ turn: "R", pieces: `${WALLED} bPb10` }),
            caption: "rules-fourchess.teams.mateDiagram",
            marks: [{ from: "e4", to: "n4" }],
            line: ["e4-n4", "b10-c10", "e13-e12"],
            lineDone: "rules-fourchess.teams.mateDone",
          },
        },
        { p: "rules-fourchess.teams.rescue" },
        {
          diagram: {
            id: "teams-rescue",
            fen: cross({ turn: "R", pieces: `${WALLED} bRe6` }),
            caption: "rules-fourchess.teams.rescueDiagram",
            marks: [{ from: "e4", to: "n4" }],
            line: ["e4-n4", "e6-n6", "e13-e12"],
            lineDone: "rules-fourchess.teams.rescueDone",
          },
        },
        { p: "rules-fourchess.teams.kingCapture" },
        {
          diagram: {
            id: "king-capture",
            fen: cross({ turn: "R", pieces: `${KINGS} gKn8 gPm7 gPm8 rNl10 yBi13 bPb10` }),
            caption: "rules-fourchess.teams.kingCaptureDiagram",
            marks: [{ from: "l10", to: "j9" }],
            line: ["l10-j9", "b10-c10", "i13-n8"],
          },
        },
        { p: "rules-fourchess.teams.stalemate" },
        { p: "rules-fourchess.teams.endsIntro" },
        {
          list: [
            "rules-fourchess.teams.endMate",
            "rules-fourchess.teams.endResign",
            "rules-fourchess.teams.endDraw",
            "rules-fourchess.teams.endLimit",
          ],
        },
      ],
    },
    {
      id: "individual",
      title: "rules-fourchess.individual.title",
      blocks: [
        { p: "rules-fourchess.individual.intro" },
        {
          table: {
            head: ["rules-fourchess.individual.event", "rules-fourchess.individual.points"],
            rows: [
              ["rules-fourchess.individual.pawn", { text: "1" }],
              ["rules-fourchess.individual.knight", { text: "3" }],
              ["rules-fourchess.individual.bishop", { text: "5" }],
              ["rules-fourchess.individual.rook", { text: "5" }],
              ["rules-fourchess.individual.queen", { text: "9" }],
              ["rules-fourchess.individual.promoted", { text: "1" }],
              ["rules-fourchess.individual.grey", { text: "0" }],
              ["rules-fourchess.individual.mate", { text: "20" }],
              [
                "rules-fourchess.individual.stalemate",
                "rules-fourchess.individual.stalematePoints",
              ],
              ["rules-fourchess.individual.check1", { text: "0" }],
              ["rules-fourchess.individual.check2", "rules-fourchess.individual.check2Points"],
              ["rules-fourchess.individual.check3", "rules-fourchess.individual.check3Points"],
              ["rules-fourchess.individual.draw", "rules-fourchess.individual.drawPoints"],
            ],
          },
        },
        { p: "rules-fourchess.individual.atOnce" },
        { p: "rules-fourchess.individual.out" },
        {
          diagram: {
            id: "grey",
            fen: cross({
              turn: "R",
              out: [1],
              pieces: "rKh1 rRe9 dRh5 dQe12 dKa7 dPb8 dPc7 dNb10 yKg14 yPf13 gKn8 gNk9 gPm9",
            }),
            format: "individual",
            caption: "rules-fourchess.individual.greyDiagram",
          },
        },
        { p: "rules-fourchess.individual.end" },
        { p: "rules-fourchess.individual.drawBonus" },
      ],
    },
    { id: "house-rules", title: "learn.house.title", blocks: [{ houseRules: true }] },
    {
      id: "faq",
      title: "rules-fourchess.faq.title",
      blocks: [
        {
          qa: [
            ["rules-fourchess.faq.playersQ", "rules-fourchess.faq.playersA"],
            ["rules-fourchess.faq.lengthQ", "rules-fourchess.faq.lengthA"],
            ["rules-fourchess.faq.waitQ", "rules-fourchess.faq.waitA"],
            ["rules-fourchess.faq.kingQ", "rules-fourchess.faq.kingA"],
            ["rules-fourchess.faq.greyQ", "rules-fourchess.faq.greyA"],
            ["rules-fourchess.faq.promoteQ", "rules-fourchess.faq.promoteA"],
            ["rules-fourchess.faq.resignQ", "rules-fourchess.faq.resignA"],
            ["rules-fourchess.faq.formatQ", "rules-fourchess.faq.formatA"],
          ],
        },
      ],
    },
    {
      id: "advice",
      title: "rules-fourchess.advice.title",
      blocks: [
        {
          list: [
            "rules-fourchess.advice.develop",
            "rules-fourchess.advice.twoSides",
            "rules-fourchess.advice.partner",
            "rules-fourchess.advice.loose",
            "rules-fourchess.advice.points",
            "rules-fourchess.advice.lead",
          ],
        },
      ],
    },
  ],
};
