/**
 * CPU players behind an asynchronous interface: the room asks for a move and gets a promise,
 * which an AbortSignal cancels (the game ended, or the player came back). The simple policy
 * answers after a short, configurable pause so people can follow CPU moves.
 */
import type { ReplaySpec } from "../../shared/bots/play";
import { chooseMove } from "../../shared/bots/simple";
import type { Game, MoveInput } from "../../shared/games/types";

export interface BotRequest {
  /** The game as a value, for CPUs that run in the room's process. */
  readonly game: Game;
  /** The same game as plain data (setup and actions), for CPUs in worker threads. */
  readonly replay: ReplaySpec;
  readonly seat: number;
  readonly level: string;
  readonly seed: number;
  /**
   * Whose turn in the worker pool this request waits for: requests with the same key share
   * one place in the round, so many of them cannot keep others waiting. The asking table's id,
   * or the address that opened it so that one address's tables share one place. Without a key
   * the request has a place of its own.
   */
  readonly queue?: string;
}

export interface BotDriver {
  request(req: BotRequest, signal: AbortSignal): Promise<MoveInput | null>;
}

export class SimpleBots implements BotDriver {
  constructor(private readonly delayMs: number) {}

  request(req: BotRequest, signal: AbortSignal): Promise<MoveInput | null> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        signal.removeEventListener("abort", onAbort);
        resolve(chooseMove(req.game, req.seed));
      }, this.delayMs);
      const onAbort = () => {
        clearTimeout(timer);
        reject(signal.reason);
      };
      signal.addEventListener("abort", onAbort, { once: true });
    });
  }
}
