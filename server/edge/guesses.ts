/**
 * Wrong passwords per address, counted in fixed windows: past `max` in a window, the address is
 * refused until the window ends, whatever it sends (the right password too, so that a refusal
 * tells nothing). The monitor's and the feedback desk's passwords are guarded so.
 */
export class WrongGuesses {
  private readonly counts = new Map<string, { window: number; count: number }>();

  constructor(
    private readonly max: number,
    private readonly windowMs: number,
  ) {}

  blocked(address: string, now: number): boolean {
    const c = this.counts.get(address);
    return c !== undefined && c.window === this.windowOf(now) && c.count >= this.max;
  }

  note(address: string, now: number): void {
    const window = this.windowOf(now);
    const c = this.counts.get(address);
    if (c && c.window === window) c.count++;
    else {
      if (this.counts.size > 10_000) this.counts.clear();
      this.counts.set(address, { window, count: 1 });
    }
  }

  private windowOf(ms: number): number {
    return Math.floor(ms / this.windowMs);
  }
}
