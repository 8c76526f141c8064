/** Small helpers for benchmarks: timing, medians, number formatting. */
export function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

/** Runs `fn` `runs` times and returns each run's seconds and the last result. */
export function timeRuns<T>(runs: number, fn: () => T): { seconds: number[]; result: T } {
  const seconds: number[] = [];
  let result: T | undefined;
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    result = fn();
    seconds.push((performance.now() - t) / 1000);
  }
  return { seconds, result: result as T };
}

export const millions = (n: number): string => `${(n / 1e6).toFixed(2)}M`;
