/**
 * Places in an Individual game, the one rule the game's result, the archive, the result card,
 * a player's standing while out and the game's page (`/g/`) all follow:
 *
 * - the seats that stayed (played on to the end, or were mated or stalemated) rank by points,
 *   equal points sharing a place;
 * - a seat that resigned, lost on time or left ranks below every seat that stayed; among such
 *   seats a later departure ranks higher, and seats that went together rank by points;
 * - the winners are the seats that stayed in first place: when every seat gave up or left,
 *   nobody won.
 *
 * A place is 1 + the number of seats ranked above: two seats sharing first are both 1, the
 * next is 3.
 */

export interface Standings {
  /** Place by seat, 1 first. */
  readonly placing: readonly number[];
  /** The seats that stayed in first place (none when every seat gave up or left). */
  readonly winners: readonly number[];
}

/**
 * The standings from the points by seat and the seats that gave up or left, grouped by
 * departure, earliest group first (a seat that left twice counts at its first departure).
 */
export function standings(
  scores: readonly number[],
  gone: readonly (readonly number[])[] = [],
): Standings {
  const n = scores.length;
  // Rank of each seat's group: 0 for those who stayed, then later departures before earlier.
  const group = new Array<number>(n).fill(0);
  gone.forEach((seats, i) => {
    for (const seat of seats)
      if (seat >= 0 && seat < n && group[seat] === 0) group[seat] = gone.length - i;
  });
  const above = (a: number, b: number): boolean =>
    group[a]! < group[b]! || (group[a] === group[b] && scores[a]! > scores[b]!);
  const seats = [...Array(n).keys()];
  const placing = seats.map((s) => 1 + seats.filter((o) => above(o, s)).length);
  const winners = seats.filter((s) => group[s] === 0 && placing[s] === 1);
  return { placing, winners };
}

/** Whether the seat shares its place with another seat. */
export function sharesPlace(placing: readonly number[], seat: number): boolean {
  const place = placing[seat];
  return placing.some((p, s) => s !== seat && p === place);
}

/**
 * The departures of a game's move list, as `standings` takes them: each resignation or loss
 * on time that left the game going, in order.
 */
export function departures(
  moves: readonly { readonly seat: number; readonly resigned?: boolean }[],
): number[][] {
  return moves.filter((m) => m.resigned).map((m) => [m.seat]);
}
