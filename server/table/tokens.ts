/**
 * Player identities and seat tokens of one table. A player id is public (it appears in the
 * state to say who holds a seat); a seat token is a secret of 128 random bits handed only to
 * its owner, which reclaims the seat from the same device at any time while the table lives.
 * Only a hash of each token is stored, so a table brought back after a restart knows its
 * players' tokens by their hashes.
 */
import { createHash, randomFillSync } from "node:crypto";

/**
 * `n` random bytes (at most 256) as base64url. The bytes come from a pool filled 4 KB at a
 * time: one call for the operating system's randomness costs about as much as the few
 * microseconds of a join's own work, and every connection takes ids. Each byte is used once.
 */
export function randomId(n: number): string {
  if (at + n > pool.length) {
    randomFillSync(pool);
    at = 0;
  }
  at += n;
  return pool.toString("base64url", at - n, at);
}
const pool = Buffer.allocUnsafeSlow(4096);
let at = pool.length;

export const newPlayerId = (): string => randomId(6);
export const newToken = (): string => randomId(16);
export const hashToken = (token: string): string =>
  createHash("sha256").update(token).digest("hex");

/** A new player's public id (shared/rating PLAYER_ID): 12 base64url characters. */
export const newPublicId = (): string => randomId(9);
/** A new player's key (PLAYER_KEY): 32 base64url characters, 192 random bits. */
export const newPlayerKey = (): string => randomId(24);
/** What the store keeps of a player key: its SHA-256, hex. */
export const hashKey = hashToken;

export class SeatTokens {
  /** Token hash → player. */
  private readonly byHash = new Map<string, string>();
  /** Player → token hash. */
  private readonly hashOf = new Map<string, string>();
  /** Player → the token itself, while this process knows it. */
  private readonly tokenOf = new Map<string, string>();
  /** Player → the hash of a token revoked here: the archive still links their game to it. */
  private readonly former = new Map<string, string>();

  /** `changed` hears of every token given or forgotten (as its hash), to store it. */
  constructor(
    private readonly changed: (player: string, hash: string | null) => void = () => undefined,
    stored: ReadonlyMap<string, string> = new Map(),
  ) {
    for (const [player, hash] of stored) {
      this.byHash.set(hash, player);
      this.hashOf.set(player, hash);
    }
  }

  /** The player's token, created on first use. */
  tokenFor(player: string): string {
    let token = this.tokenOf.get(player);
    if (!token) {
      token = newToken();
      const old = this.hashOf.get(player);
      if (old) this.byHash.delete(old);
      const hash = hashToken(token);
      this.tokenOf.set(player, token);
      this.hashOf.set(player, hash);
      this.byHash.set(hash, player);
      this.changed(player, hash);
    }
    return token;
  }

  playerOf(token: string): string | undefined {
    const player = this.byHash.get(hashToken(token));
    // Known by its hash since a restart: remember the token itself to hand it out again.
    if (player) this.tokenOf.set(player, token);
    return player;
  }

  /** The player whose token hashes to `hash`, or undefined. */
  playerOfHash(hash: string): string | undefined {
    return this.byHash.get(hash) ?? [...this.former].find(([, h]) => h === hash)?.[0];
  }

  /** The hash of the player's token, or of the one they had before leaving; null if none. */
  hashFor(player: string): string | null {
    return this.hashOf.get(player) ?? this.former.get(player) ?? null;
  }

  /** Forgets a player's token (they left their seat for good). */
  revoke(player: string): void {
    const hash = this.hashOf.get(player);
    if (hash) {
      this.byHash.delete(hash);
      this.former.set(player, hash);
    }
    this.hashOf.delete(player);
    this.tokenOf.delete(player);
    if (hash) this.changed(player, null);
  }
}
