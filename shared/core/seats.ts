/** A seat is an index into a game's seat list: 0..3 in four-player chess, 0..1 in xiangqi. */
export type SeatIndex = number;

export const FOURCHESS_COLORS = ["red", "blue", "yellow", "green"] as const;
export const XIANGQI_COLORS = ["red", "black"] as const;
export type SeatColor = (typeof FOURCHESS_COLORS)[number] | (typeof XIANGQI_COLORS)[number];

export const SEAT_NAMES: Readonly<Record<SeatColor, string>> = {
  red: "Red",
  blue: "Blue",
  yellow: "Yellow",
  green: "Green",
  black: "Black",
};

/** One value per seat, indexed by seat. */
export type BySeat<T> = T[];
