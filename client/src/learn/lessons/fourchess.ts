/**
 * The lessons of four-player chess, stage by stage in the order they are taken. Positions are
 * written as lists of pieces (`rKh1` is Red's king on h1) and turned into FEN4 by `board`; a
 * seat with no king in the list is out of the game, so a stage about one piece shows only it.
 */
import { onCross } from "../../../../shared/games/fourchess/board";
import type { Stage } from "../content";

const TURN_LETTERS = "RBYG";
const SEAT_LETTERS = "rbyg";

interface BoardOptions {
  /** The seat to move (Red by default). */
  readonly turn?: number;
  /** Seats that may still castle on the king's side. */
  readonly kingside?: readonly number[];
}

/** The FEN4 of a position given as pieces (`rKh1 bKa7 …`); seats without a king are out. */
export function board(pieces: string, options: BoardOptions = {}): string {
  const at = new Map<string, string>();
  for (const token of pieces.trim().split(/\s+/)) at.set(token.slice(2), token.slice(0, 2));
  const kings = [...SEAT_LETTERS].map((s) => [...at.values()].includes(`${s}K`));
  const flags = (on: (seat: number) => boolean) =>
    [0, 1, 2, 3].map((seat) => (on(seat) ? "1" : "0")).join(",");
  const rows: string[] = [];
  for (let rank = 13; rank >= 0; rank--) {
    const tokens: string[] = [];
    let empty = 0;
    for (let file = 0; file < 14; file++) {
      const piece = at.get(`${String.fromCharCode(97 + file)}${rank + 1}`);
      if (onCross(file, rank) && !piece) {
        empty++;
        continue;
      }
      if (empty > 0) tokens.push(String(empty));
      empty = 0;
      tokens.push(onCross(file, rank) ? piece! : "x");
    }
    if (empty > 0) tokens.push(String(empty));
    rows.push(tokens.join(","));
  }
  return [
    TURN_LETTERS[options.turn ?? 0],
    flags((seat) => !kings[seat]),
    flags((seat) => options.kingside?.includes(seat) ?? false),
    flags(() => false),
    "0,0,0,0",
    "0",
    rows.join("/"),
  ].join("-");
}

/** The four kings on their home squares. */
const KINGS = "rKh1 bKa7 yKg14 gKn8";

export const fourchessStages: readonly Stage[] = [
  {
    id: "cross-board",
    title: "lessons-fourchess.cross-board.title",
    goal: "lessons-fourchess.cross-board.goal",
    fen: board("rKh1 rRe2"),
    check: { kind: "stars", stars: ["a5", "n10"] },
    par: 4,
  },
  {
    id: "king-stars",
    title: "lessons-fourchess.king-stars.title",
    goal: "lessons-fourchess.king-stars.goal",
    fen: board("rKh1"),
    check: { kind: "stars", stars: ["g3", "h4"] },
    par: 3,
  },
  {
    id: "bishop-stars",
    title: "lessons-fourchess.bishop-stars.title",
    goal: "lessons-fourchess.bishop-stars.goal",
    fen: board("rKh1 rBe1"),
    check: { kind: "stars", stars: ["a5", "n10"] },
    par: 4,
  },
  {
    id: "knight-stars",
    title: "lessons-fourchess.knight-stars.title",
    goal: "lessons-fourchess.knight-stars.goal",
    fen: board("rKh1 rNj1"),
    check: { kind: "stars", stars: ["k3", "m4", "l6"] },
    par: 3,
  },
  {
    id: "queen-stars",
    title: "lessons-fourchess.queen-stars.title",
    goal: "lessons-fourchess.queen-stars.goal",
    fen: board("rKh1 rQg1"),
    check: { kind: "stars", stars: ["b6", "m6", "h11"] },
    par: 3,
  },
  {
    id: "turn-order",
    title: "lessons-fourchess.turn-order.title",
    goal: "lessons-fourchess.turn-order.goal",
    fen: board(`${KINGS} rNj1 bNa10 yNe14 gNn5`),
    seats: [0, 1, 2, 3],
    check: { kind: "turns", count: 4, stars: ["i3", "c9", "f12", "l6"] },
    par: 4,
  },
  {
    id: "pawn-directions",
    title: "lessons-fourchess.pawn-directions.title",
    goal: "lessons-fourchess.pawn-directions.goal",
    fen: board(`${KINGS} rPe2 bPb9 yPj13 gPm6`),
    seats: [0, 1, 2, 3],
    check: { kind: "turns", count: 4, stars: ["e4", "d9", "j11", "k6"] },
    par: 4,
  },
  {
    id: "pawn-capture",
    title: "lessons-fourchess.pawn-capture.title",
    goal: "lessons-fourchess.pawn-capture.goal",
    fen: board(`${KINGS} rPf5 bNe6 bPf6 yPg6 gBf7`),
    check: { kind: "capture", targets: ["e6", "f7"] },
    par: 2,
  },
  {
    id: "partners",
    title: "lessons-fourchess.partners.title",
    goal: "lessons-fourchess.partners.goal",
    fen: board(`${KINGS} rQg6 bRc6 bBd3 gNk10 yNe6 yRi6`),
    check: { kind: "capture", targets: ["c6", "d3", "k10"] },
    par: 4,
  },
  {
    id: "castling",
    title: "lessons-fourchess.castling.title",
    goal: "lessons-fourchess.castling.goal",
    fen: board("rKh1 rRk1 rRd1 rQg1 rBf1 rPf2 rPg2 rPh2 rPi2 rPj2", { kingside: [0] }),
    check: { kind: "stars", stars: ["j1"] },
    par: 1,
    marks: [{ from: "k1", to: "i1", color: "yellow" }],
  },
  {
    id: "promotion-teams",
    title: "lessons-fourchess.promotion-teams.title",
    goal: "lessons-fourchess.promotion-teams.goal",
    fen: board(`${KINGS} rPe8`),
    check: { kind: "stars", stars: ["e11"] },
    par: 3,
  },
  {
    id: "promotion-individual",
    title: "lessons-fourchess.promotion-individual.title",
    goal: "lessons-fourchess.promotion-individual.goal",
    fen: board(`${KINGS} rPe6`),
    format: "individual",
    check: { kind: "stars", stars: ["e8"] },
    par: 2,
  },
  {
    id: "escape-check",
    title: "lessons-fourchess.escape-check.title",
    goal: "lessons-fourchess.escape-check.goal",
    fen: board("rKg5 bKa7 yKg14 gKn8 bRb5 gRn4 gNg8 yBe8"),
    check: { kind: "moves", accept: ["g5-g6"] },
    par: 1,
  },
  {
    id: "take-the-king",
    title: "lessons-fourchess.take-the-king.title",
    goal: "lessons-fourchess.take-the-king.goal",
    fen: board(`${KINGS} rRe7 bPb6 bPb8`),
    check: { kind: "capture", targets: ["a7"] },
    par: 1,
  },
  {
    id: "teams-mate",
    title: "lessons-fourchess.teams-mate.title",
    goal: "lessons-fourchess.teams-mate.goal",
    fen: board(`${KINGS} rRe4 bPb5 yPe13 gPm7 gPm8 gPm9`),
    check: { kind: "mate" },
    replies: ["b5-c5", "e13-e12"],
    par: 1,
  },
  {
    id: "individual-points",
    title: "lessons-fourchess.individual-points.title",
    goal: "lessons-fourchess.individual-points.goal",
    fen: board(`${KINGS} rNh6 yQg8 bRf10 gBj7 bPi8`),
    format: "individual",
    check: { kind: "points", points: 14 },
    par: 2,
  },
  {
    id: "two-kings",
    title: "lessons-fourchess.two-kings.title",
    goal: "lessons-fourchess.two-kings.goal",
    fen: board("rKh1 rRe3 bKd10 yKg14 gKk10"),
    format: "individual",
    check: { kind: "points", points: 5 },
    par: 1,
  },
];
