/**
 * Player identities and seat tokens of one table. A player id is public (it appears in the
 * state to say who holds a seat); a seat token is a secret of 128 random bits handed only to
 * its owner, which reclaims the seat from the same device at any time while the table lives.
 */
import { randomBytes } from "node:crypto";

export const newPlayerId = (): string => randomBytes(6).toString("base64url");
export const newToken = (): string => randomBytes(16).toString("base64url");

export class SeatTokens {
  private readonly byToken = new Map<string, string>();
  private readonly byPlayer = new Map<string, string>();

  /** The player's token, created on first use. */
  tokenFor(player: string): string {
    let token = this.byPlayer.get(player);
    if (!token) {
      token = newToken();
      this.byPlayer.set(player, token);
      this.byToken.set(token, player);
    }
    return token;
  }

  playerOf(token: string): string | undefined {
    return this.byToken.get(token);
  }

  /** Forgets a player's token (they left their seat for good). */
  revoke(player: string): void {
    const token = this.byPlayer.get(player);
    if (token) this.byToken.delete(token);
    this.byPlayer.delete(player);
  }
}
