/**
 * What a run plans: its table slots (the kinds by the mix's weights, CPU seats and privacy
 * spread evenly) and how the people at them behave.
 */

export type TableKind = "xiangqi" | "teams" | "individual";

/** One table slot: a table of this kind is kept open at this slot for the whole run. */
export interface TableSpec {
  /** The slot's number in the run (0 … tables − 1). */
  readonly slot: number;
  readonly kind: TableKind;
  readonly private: boolean;
  /** Seats left open at the start, so CPUs fill them. */
  readonly cpuSeats: readonly number[];
  readonly spectators: number;
}

export interface Behaviour {
  /** Think time before a move, ms, uniform in [min, max]. */
  readonly thinkMs: readonly [number, number];
  /** Drops per connection per minute (players and spectators), at random times. */
  readonly dropsPerMinute: number;
  /** How long a dropped connection stays away, ms, uniform in [min, max]. */
  readonly offlineMs: readonly [number, number];
  /** Share of players' drops that outlast the stand-in grace, so the stand-in plays for them. */
  readonly awayShare: number;
  /** The server's stand-in grace, ms (an away drop lasts longer than this). */
  readonly graceMs: number;
  /** Share of players' drops that come back with the reconnection token; the rest use the seat token. */
  readonly reconnectShare: number;
  /** Share of finished games followed by another game at the same table; the rest close. */
  readonly again: number;
  /** A closed table is replaced by a new one of its kind (false: the slot stays empty). */
  readonly replace: boolean;
  /** House rule `moveLimit` of four-player tables (null: none); xiangqi has its own 400-ply limit. */
  readonly moveLimit: number | null;
  /** CPU level by game. */
  readonly cpuLevel: { readonly fourchess: string; readonly xiangqi: string };
  /** New connections (creates and joins) per second this generator may open while setting up. */
  readonly joinsPerSecond: number;
  /** A table whose turn has not moved for this long counts as stuck. */
  readonly stuckAfterMs: number;
  /** A move with neither a patch nor an error after this long counts as lost. */
  readonly lostAfterMs: number;
  /** After the run, how long to wait for every connection to agree on every table's moves. */
  readonly settleMs: number;
}

/** A table kind and its weight in the mix. */
export interface MixPart {
  readonly kind: TableKind;
  readonly weight: number;
}

/** What shapes the table slots of a run, apart from their number. */
export interface SlotShape {
  readonly mix: readonly MixPart[];
  /** Share of tables with CPU seats, and of private tables. */
  readonly cpuShare: number;
  readonly privateShare: number;
  readonly spectators: number;
}

/** The table slots of a run: kinds by the mix's weights, CPU seats and privacy spread evenly. */
export function planTables(tables: number, shape: SlotShape): TableSpec[] {
  const { mix, cpuShare, privateShare, spectators } = shape;
  const total = mix.reduce((n, m) => n + m.weight, 0);
  const specs: TableSpec[] = [];
  const given = new Map<TableKind, number>();
  for (let slot = 0; slot < tables; slot++) {
    // The kind furthest behind its share goes next.
    let best = mix[0]!;
    let gap = Number.NEGATIVE_INFINITY;
    for (const m of mix) {
      const g = ((slot + 1) * m.weight) / total - (given.get(m.kind) ?? 0);
      if (g > gap) {
        gap = g;
        best = m;
      }
    }
    given.set(best.kind, (given.get(best.kind) ?? 0) + 1);
    const withCpu = Math.floor((slot + 1) * cpuShare) > Math.floor(slot * cpuShare);
    const cpuSeats = !withCpu ? [] : best.kind === "xiangqi" ? [1] : slot % 2 ? [2] : [1, 3];
    specs.push({
      slot,
      kind: best.kind,
      private: Math.floor((slot + 1) * privateShare) > Math.floor(slot * privateShare),
      cpuSeats,
      spectators,
    });
  }
  return specs;
}

/** The people (not CPUs) seated at a table slot. */
export const peopleAt = (s: TableSpec) => (s.kind === "xiangqi" ? 2 : 4) - s.cpuSeats.length;

/** Every connection a plan opens: people and spectators. */
export const connectionsOf = (specs: readonly TableSpec[]) =>
  specs.reduce((n, s) => n + peopleAt(s) + s.spectators, 0);
