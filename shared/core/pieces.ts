/** Piece kinds by their English letter. Chess: P N B R Q K. Xiangqi: K A E H R C P (WXF letters). */
export const CHESS_KINDS = ["P", "N", "B", "R", "Q", "K"] as const;
export type ChessKind = (typeof CHESS_KINDS)[number];

export const XIANGQI_KINDS = ["K", "A", "E", "H", "R", "C", "P"] as const;
export type XiangqiKind = (typeof XIANGQI_KINDS)[number];

export type PieceKind = ChessKind | XiangqiKind;

export const PIECE_NAMES: Readonly<Record<string, string>> = {
  P: "pawn",
  N: "knight",
  B: "bishop",
  R: "rook",
  Q: "queen",
  K: "king",
};

export const XIANGQI_PIECE_NAMES: Readonly<Record<XiangqiKind, string>> = {
  K: "general",
  A: "advisor",
  E: "elephant",
  H: "horse",
  R: "chariot",
  C: "cannon",
  P: "soldier",
};
