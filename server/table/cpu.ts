/**
 * The table's use of the CPU: moves for CPU seats and stand-ins, and hints for the player to
 * move. Both ask the bot driver with the game as plain data; a CPU move then takes the same
 * path as a human's.
 */
import type { ReplaySpec } from "../../shared/bots/play";
import { chooseMove } from "../../shared/bots/simple";
import { type Action, type Match, seatsOf } from "../../shared/match/match";
import { setupOf } from "../../shared/match/replay";
import { DEFAULT_LEVEL } from "../../shared/match/rules";
import { botTurn } from "../../shared/match/timing";
import { SERVER_MESSAGES } from "../../shared/protocol/messages";
import type { BotDriver } from "../bots/driver";
import { log } from "../ops/log";
import { addressOf, type Connection, type Refusal, type UserData } from "./connection";

export interface TableCpuOptions {
  readonly bots: BotDriver;
  /** Seeds this table's CPU players. */
  readonly seed: number;
  readonly match: () => Match;
  readonly commit: (action: Action) => Refusal | null;
  /** The table's id, for the log. */
  readonly table: () => string;
  /** Whose turn this table's searches wait for in the CPU pool (its opener's address). */
  readonly queue: () => string;
}

export class TableCpu {
  private bot: { key: string; abort: AbortController } | null = null;
  /** Cancels the hints being worked out when the table stops (made with the first hint). */
  private hints: AbortController | null = null;
  /** The hint on its way to each connection. */
  private readonly asked = new WeakMap<Connection, AbortController>();

  constructor(private readonly options: TableCpuOptions) {}

  /** Asks the CPU for a move when a CPU seat or a stand-in is to move; cancels stale asks. */
  schedule(): void {
    const m = this.options.match();
    const turn = botTurn(m);
    const key = turn ? `${turn.seat}:${turn.ply}:${turn.by}:${m.gameNumber}` : "";
    if (this.bot?.key === key) return;
    this.bot?.abort.abort(new Error("superseded"));
    this.bot = null;
    if (!turn || !m.game) return;
    const abort = new AbortController();
    this.bot = { key, abort };
    const game = m.game;
    this.options.bots
      .request(
        {
          game,
          replay: replaySpecOf(m),
          seat: turn.seat,
          level: turn.level,
          seed: this.options.seed + turn.ply * 7919 + m.gameNumber,
          queue: this.options.queue(),
        },
        abort.signal,
      )
      .then((move) => {
        if (abort.signal.aborted || this.bot?.key !== key) return;
        this.bot = null;
        if (!move) return;
        const { commit } = this.options;
        const refused = commit({ type: "cpu-move", seat: turn.seat, ply: turn.ply, move });
        // A paused table (its store cannot write) asks again when it goes on.
        if (refused && refused.code !== "move/stale" && refused.code !== "store/unavailable") {
          // An engine fault must never stall a table: play the simple policy's move instead.
          log.error(
            { table: this.options.table(), move, code: refused.code },
            "CPU move refused; the simple policy plays instead",
          );
          const fallback = chooseMove(game, turn.ply);
          if (fallback)
            commit({ type: "cpu-move", seat: turn.seat, ply: turn.ply, move: fallback });
        }
      })
      .catch(() => {
        if (this.bot?.key === key) this.bot = null;
      });
  }

  /**
   * Works out a move for the player to move and sends it to them alone. Hints wait in the CPU
   * pool's round under the asker's address, like the CPU moves of the tables it opened, so one
   * address asking at many tables has one place in the round; a connection has at most one
   * hint on its way, a new ask replacing the one before.
   */
  hint(client: Connection, user: UserData): Refusal | null {
    const m = this.options.match();
    if (!m.rules.hints || m.rules.rated)
      return { code: "hint/off", message: "Hints are off at this table." };
    if (m.phase !== "playing")
      return { code: "phase/not-playing", message: "No game is being played." };
    if (!seatsOf(m, user.player).includes(m.game.turn))
      return { code: "turn/not-yours", message: "Hints are for the player to move." };
    this.asked.get(client)?.abort(new Error("replaced by a newer hint"));
    const asked = new AbortController();
    this.asked.set(client, asked);
    this.hints ??= new AbortController();
    user.hinting = true;
    const game = m.game;
    const ply = m.log.length;
    this.options.bots
      .request(
        {
          game,
          replay: replaySpecOf(m),
          seat: game.turn,
          level: DEFAULT_LEVEL[m.gameId],
          seed: this.options.seed ^ ply,
          queue: addressOf(client) || this.options.queue(),
        },
        AbortSignal.any([asked.signal, this.hints.signal]),
      )
      .then((move) => {
        if (move && this.options.match().log.length === ply)
          client.send(SERVER_MESSAGES.hint, move);
      })
      .catch(() => undefined)
      .finally(() => {
        if (this.asked.get(client) !== asked) return;
        this.asked.delete(client);
        user.hinting = false;
      });
    return null;
  }

  /** Cancels the move being asked for (the table is closing or paused); `schedule` asks again. */
  stop(): void {
    this.bot?.abort.abort(new Error("table stopped"));
    this.bot = null;
    this.hints?.abort(new Error("table stopped"));
    this.hints = null;
  }
}

/** The current game as plain data, for CPUs that search in worker threads. */
export function replaySpecOf(m: Match): ReplaySpec {
  return {
    id: m.gameId,
    setup: setupOf(m.rules, m.firstSeat, m.game?.startFen),
    log: m.log.map((e) => ({ seat: e.seat, move: e.move })),
  };
}
