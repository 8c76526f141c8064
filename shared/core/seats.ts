export const FOURCHESS_COLORS = ["red", "blue", "yellow", "green"] as const;
export const XIANGQI_COLORS = ["red", "black"] as const;
export type SeatColor = (typeof FOURCHESS_COLORS)[number] | (typeof XIANGQI_COLORS)[number];
