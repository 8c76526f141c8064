/**
 * Who made a move: a player, a CPU seat, or the stand-in playing for a player who is away. It
 * imports nothing, so the client's lobby (reading the archive) need not bring the engines in.
 */

/** Who made a move; the wire writes each by its index here. */
export const MOVE_BY = ["player", "cpu", "stand-in"] as const;
export type MoveBy = (typeof MOVE_BY)[number];
