/** English: words of the four-player chess lessons (a part of the learning chunk, see en.ts). */
export const lessonsFourchessEn = {
  "lessons-fourchess.cross-board.title": "A board shaped like a cross",
  "lessons-fourchess.cross-board.goal":
    "The four 3×3 corners are cut away: they are not squares, and no piece may stand on them. Take the rook to both stars.",
  "lessons-fourchess.king-stars.title": "The king",
  "lessons-fourchess.king-stars.goal":
    "The king steps one square in any direction. Walk it onto both stars.",
  "lessons-fourchess.bishop-stars.title": "The bishop",
  "lessons-fourchess.bishop-stars.goal":
    "The bishop slides along diagonals, but never across a cut corner. Reach both stars.",
  "lessons-fourchess.knight-stars.title": "The knight",
  "lessons-fourchess.knight-stars.goal":
    "The knight jumps in an L, over anything in between, but it can never land in a cut corner. Collect the three stars.",
  "lessons-fourchess.queen-stars.title": "The queen",
  "lessons-fourchess.queen-stars.goal":
    "The queen slides straight or diagonally as far as the way is clear. Collect the three stars.",
  "lessons-fourchess.turn-order.title": "Who moves next",
  "lessons-fourchess.turn-order.goal":
    "Turns go clockwise: Red, Blue, Yellow, then Green. Move each player's knight onto a star, in that order.",
  "lessons-fourchess.pawn-directions.title": "Four ways forward",
  "lessons-fourchess.pawn-directions.goal":
    "Every pawn heads for the far side: Red's up, Blue's to the right, Yellow's down, Green's to the left. From its starting row a pawn may advance two squares: take each pawn to its star, in turn.",
  "lessons-fourchess.pawn-capture.title": "Pawns capture diagonally",
  "lessons-fourchess.pawn-capture.goal":
    "A pawn captures one square diagonally forward, never straight ahead. Capture both marked pieces with the red pawn.",
  "lessons-fourchess.partners.title": "Your partner's pieces",
  "lessons-fourchess.partners.goal":
    "In Teams, Yellow sits opposite you and is your partner: its pieces cannot be captured and they stand in your way. Capture the marked Blue and Green pieces with the queen.",
  "lessons-fourchess.castling.title": "Castling",
  "lessons-fourchess.castling.goal":
    "The king moves two squares toward a rook, and the rook lands on the square the king crossed. Castle so that your king lands on the star.",
  "lessons-fourchess.promotion-teams.title": "Promotion in Teams",
  "lessons-fourchess.promotion-teams.goal":
    "In Teams a pawn promotes on its 11th row, three rows past the middle. Walk the pawn to the star.",
  "lessons-fourchess.promotion-individual.title": "Promotion in Individual",
  "lessons-fourchess.promotion-individual.goal":
    "In Individual a pawn promotes on its 8th row, the middle line, and always to a queen (it is worth only 1 point when captured). Promote the pawn on the star.",
  "lessons-fourchess.escape-check.title": "Out of check",
  "lessons-fourchess.escape-check.goal":
    "Blue's rook checks your king. Find its one safe square: remember that your partner's pieces never give check.",
  "lessons-fourchess.take-the-king.title": "Take the king",
  "lessons-fourchess.take-the-king.goal":
    "In Teams, a king left in check may be captured by an opponent who moves before its owner, and that wins the game. Capture Blue's king.",
  "lessons-fourchess.teams-mate.title": "Checkmate in Teams",
  "lessons-fourchess.teams-mate.goal":
    "Checkmate Green with the rook. The mate counts only when Green's turn comes: Blue and Yellow move first, and Blue could still rescue its partner.",
  "lessons-fourchess.individual-points.title": "Points in Individual",
  "lessons-fourchess.individual-points.goal":
    "Here everyone is your opponent. A queen is worth 9 points, a rook or a bishop 5, a knight 3, a pawn 1. Score 14 points with the knight.",
  "lessons-fourchess.two-kings.title": "Check two kings",
  "lessons-fourchess.two-kings.goal":
    "Checking one king earns nothing, but a move that checks two kings at once earns 5 points. Score them with the rook.",
} as const;

export type LessonsFourchessKey = keyof typeof lessonsFourchessEn;
