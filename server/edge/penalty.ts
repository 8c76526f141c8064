/**
 * Addresses cut off for a while: one whose connection was dropped for flooding may not
 * open connections or call the matchmaker again until its time is up, so a flood ends with the
 * first drop instead of being rejoined over and over.
 */
export class PenaltyBox {
  private readonly until = new Map<string, number>();

  constructor(private readonly ms: number) {}

  add(address: string, now: number): void {
    if (!address) return;
    if (this.until.size > 50_000) this.prune(now);
    this.until.set(address, now + this.ms);
  }

  has(address: string, now: number): boolean {
    const end = this.until.get(address);
    if (end === undefined) return false;
    if (end > now) return true;
    this.until.delete(address);
    return false;
  }

  private prune(now: number): void {
    for (const [address, end] of this.until) if (end <= now) this.until.delete(address);
  }
}
