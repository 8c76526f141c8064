/**
 * The table's inbound requests: for each message type a client may send, the parser of its
 * payload and what the table does with the value. A payload that does not parse, and a request
 * the table refuses, come back as the refusal to answer with.
 */
import { ok, type Result } from "../../shared/core/result";
import type { MoveInput } from "../../shared/games/types";
import { parseRules } from "../../shared/match/houseRules";
import { type Action, type Match, seatsOf } from "../../shared/match/match";
import {
  type ClientMessage,
  type Phrase,
  parseDraw,
  parseMove,
  parsePremove,
  parseRematch,
  parseRulesMessage,
  parseSay,
  parseSeat,
  parseTakeback,
} from "../../shared/protocol/messages";
import type { Connection, Refusal, UserData } from "./connection";

/** What the messages ask of the table. */
export interface TableRequests {
  readonly match: () => Match;
  /** Applies an action; the refusal, or null when it was accepted. */
  readonly commit: (action: Action) => Refusal | null;
  readonly isHost: (player: string) => boolean;
  readonly welcome: (client: Connection, user: UserData) => Refusal | null;
  readonly sit: (client: Connection, user: UserData, seat: number) => Refusal | null;
  readonly hint: (client: Connection, user: UserData) => Refusal | null;
  /** Declines the next game, giving up the seat. */
  readonly decline: (user: UserData) => Refusal | null;
  readonly say: (client: Connection, user: UserData, phrase: Phrase) => Refusal | null;
  /** Queues (or clears: null) the player's premove and tells them alone what is queued. */
  readonly premove: (client: Connection, user: UserData, move: MoveInput | null) => Refusal | null;
  /** Tells the connection the server's clock. */
  readonly time: (client: Connection) => Refusal | null;
}

type Handle<T> = (t: TableRequests, client: Connection, user: UserData, value: T) => Refusal | null;

interface Entry {
  run(t: TableRequests, client: Connection, user: UserData, payload: unknown): Refusal | null;
}

function entry<T>(parse: (x: unknown) => Result<T, Refusal>, handle: Handle<T>): Entry {
  return {
    run: (t, client, user, payload) => {
      const value = parse(payload);
      return value.ok ? handle(t, client, user, value.value) : value.error;
    },
  };
}

const none = (): Result<null, Refusal> => ok(null);

/** Requests only a seated player may make. */
function players<T>(handle: Handle<T>): Handle<T> {
  return (t, client, user, value) =>
    user.spectator && seatsOf(t.match(), user.player).length === 0
      ? { code: "role/spectator", message: "Spectators can only watch." }
      : handle(t, client, user, value);
}

export const MESSAGES: { readonly [K in ClientMessage]: Entry } = {
  hello: entry(none, (t, client, user) => t.welcome(client, user)),
  sit: entry(parseSeat, (t, client, user, seat) => t.sit(client, user, seat)),
  stand: entry(none, (t, _c, user) => t.commit({ type: "stand", player: user.player })),
  rules: entry(parseRulesMessage, (t, _c, user, input) => {
    const m = t.match();
    const rules = parseRules(m.gameId, input, m.rules);
    if (!rules.ok) return rules.error;
    return t.commit({
      type: "rules",
      player: user.player,
      host: t.isHost(user.player),
      rules: rules.value,
    });
  }),
  start: entry(none, (t, _c, user) =>
    t.commit({ type: "start", player: user.player, host: t.isHost(user.player) }),
  ),
  move: entry(
    parseMove,
    players((t, _c, user, move) => t.commit({ type: "move", player: user.player, move })),
  ),
  premove: entry(
    parsePremove,
    players((t, client, user, move) => t.premove(client, user, move)),
  ),
  resign: entry(
    none,
    players((t, _c, user) => t.commit({ type: "resign", player: user.player })),
  ),
  draw: entry(
    parseDraw,
    players((t, _c, user, action) =>
      t.commit(
        action === "offer"
          ? { type: "offer-draw", player: user.player }
          : { type: "answer-draw", player: user.player, accept: action === "accept" },
      ),
    ),
  ),
  takeback: entry(
    parseTakeback,
    players((t, _c, user, action) =>
      t.commit(
        action === "request"
          ? { type: "request-takeback", player: user.player }
          : { type: "answer-takeback", player: user.player, accept: action === "accept" },
      ),
    ),
  ),
  playAgain: entry(
    parseRematch,
    players((t, _c, user, action) =>
      action === "decline"
        ? t.decline(user)
        : t.commit({ type: "play-again", player: user.player }),
    ),
  ),
  hint: entry(
    none,
    players((t, client, user) => t.hint(client, user)),
  ),
  say: entry(parseSay, (t, client, user, phrase) => t.say(client, user, phrase)),
  time: entry(none, (t, client) => t.time(client)),
};
