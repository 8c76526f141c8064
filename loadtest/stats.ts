/**
 * Figures the load runner collects in several processes and adds up in one: a latency
 * histogram small enough to send between processes (2 % wide buckets on a log scale, with the
 * exact count, sum and maximum), and counters by key.
 */

/** Bucket i holds values from BASE·RATIO^i up to BASE·RATIO^(i+1) milliseconds. */
const BASE_MS = 0.01;
const RATIO = 1.02;
const LOG_RATIO = Math.log(RATIO);

/** A histogram as it travels between processes: only the buckets that hold something. */
export interface HistogramData {
  readonly buckets: Record<string, number>;
  readonly count: number;
  readonly sum: number;
  readonly max: number;
}

export class Histogram {
  private readonly buckets = new Map<number, number>();
  count = 0;
  sum = 0;
  max = 0;

  add(ms: number): void {
    const i = ms <= BASE_MS ? 0 : Math.floor(Math.log(ms / BASE_MS) / LOG_RATIO);
    this.buckets.set(i, (this.buckets.get(i) ?? 0) + 1);
    this.count++;
    this.sum += ms;
    if (ms > this.max) this.max = ms;
  }

  merge(data: HistogramData): void {
    for (const [k, n] of Object.entries(data.buckets)) {
      const i = Number(k);
      this.buckets.set(i, (this.buckets.get(i) ?? 0) + n);
    }
    this.count += data.count;
    this.sum += data.sum;
    this.max = Math.max(this.max, data.max);
  }

  /** The value under which `p` percent of the samples lie (nearest rank, to 2 %). */
  percentile(p: number): number {
    if (this.count === 0) return Number.NaN;
    const rank = Math.max(1, Math.ceil((p / 100) * this.count));
    let seen = 0;
    for (const i of [...this.buckets.keys()].sort((a, b) => a - b)) {
      seen += this.buckets.get(i)!;
      // The bucket's middle, but never above the largest value seen.
      if (seen >= rank) return Math.min(this.max, BASE_MS * RATIO ** (i + 0.5));
    }
    return this.max;
  }

  data(): HistogramData {
    return {
      buckets: Object.fromEntries(this.buckets),
      count: this.count,
      sum: this.sum,
      max: this.max,
    };
  }

  summary(): LatencySummary {
    const round = (x: number) => Math.round(x * 100) / 100;
    return {
      count: this.count,
      p50: round(this.percentile(50)),
      p95: round(this.percentile(95)),
      p99: round(this.percentile(99)),
      max: round(this.max),
      mean: this.count ? round(this.sum / this.count) : Number.NaN,
    };
  }
}

export interface LatencySummary {
  readonly count: number;
  readonly p50: number;
  readonly p95: number;
  readonly p99: number;
  readonly max: number;
  readonly mean: number;
}

/** Counts by key (error codes, close codes). */
export type Counts = Record<string, number>;

export function addCount(counts: Counts, key: string, n = 1): void {
  counts[key] = (counts[key] ?? 0) + n;
}

export function mergeCounts(into: Counts, from: Counts): void {
  for (const [k, n] of Object.entries(from)) addCount(into, k, n);
}

export function totalOf(counts: Counts): number {
  let n = 0;
  for (const v of Object.values(counts)) n += v;
  return n;
}
