/**
 * Every code the server or the shared engines can answer with, each with its English message:
 * one union, `ErrorCode`, that the reducer, the engines' failures, the server's refusals and
 * the client's translations are all typed against. A message is a template: `{name}` stands
 * for a value the refusal carries in `params` (a square, a seat), so a client can put the same
 * value into its own language (texts.ts says how each kind of value is named). It imports only
 * the `Failure` type and texts.ts, so any layer may import it.
 */
import type { Failure } from "./result";
import { englishNames, renderText } from "./texts";

export const ERRORS = {
  // The connection and the wire.
  "payload/invalid": "The request could not be read.",
  "payload/too-large": "The request is too large.",
  "message/unknown": "There is no such message.",
  "rate/limited": "Too many requests; slow down.",
  "role/spectator": "Spectators can only watch.",

  // Joining and leaving a table.
  "table/full": "This table has as many people as it can take; try again later.",
  "table/joins-pending": "Too many joins to this table are waiting; try again in a few seconds.",
  "table/closing": "This table is closing.",
  "seat/token-unknown": "The seat token is not one of this table's.",
  "seat/taken-over":
    "Another connection took this seat back with its seat token; this one watches.",
  "store/unavailable":
    "The server cannot store moves right now: the table is paused and goes on by itself.",
  "store/full":
    "The server is short of disk space: games in play go on, but no new table opens; try again later.",
  "server/stopping": "The server is stopping; try again shortly.",
  "server/unavailable": "Tables cannot be reached right now; try again shortly.",

  // The table's own requests.
  "host/only": "Only the host can do that.",
  "phase/not-waiting": "That is possible only before the game starts.",
  "phase/not-playing": "No game is being played.",
  "phase/not-finished": "The game is still on.",
  "seat/invalid": "There is no seat {seat} at this table.",
  "seat/taken": "That seat is taken.",
  "seat/already-yours": "You are already in that seat.",
  "seat/not-seated": "Only a player in a seat can do that.",
  "start/no-players": "Take a seat first: at least one person must play.",
  "rules/invalid": "A house rule has a value that is not allowed.",
  "turn/not-yours": "It is not your turn.",
  "turn/timed-out": "Your time ran out; the CPU is moving for you.",
  "clock/out": "Your clock has run out.",
  "premove/your-turn": "It is your turn: make your move rather than a premove.",
  "offer/none": "There is no offer to answer.",
  "offer/pending": "An offer is already waiting for an answer.",
  "offer/not-yours": "The offer does not wait for your answer.",
  "draw/no-opponent": "There is no other person in the game to agree a draw; CPU players play on.",
  "takeback/nothing": "You have no move to take back.",
  "takeback/after-resignation": "Moves before a resignation cannot be taken back.",
  "takeback/replay": "The game could not be replayed without those moves.",
  "hint/off": "Hints are off at this table.",
  "takeback/rated": "Moves cannot be taken back in a rated game.",
  "rated/seats": "A rated game needs a person with a player key in every seat: no CPU players.",
  "rated/key": "Rated tables are for players with a player key.",
  "rated/mode": "Games against the computer or on one device are never rated.",
  "player/unknown": "That player key is not known here.",
  "hint/pending": "A hint is already on its way.",
  "quick/no-host":
    "A quick-play table has no host: it keeps the pool's house rules and starts by itself.",
  "quick/not-alone": "Only a person alone at a quick-play table can start it against CPUs.",
  "start/not-due": "The table does not start by itself yet.",
  "rematch/not-asked": "Nobody asked to play again.",
  "talk/too-fast": "Too many phrases; wait a few seconds.",

  // What the server itself sends the reducer (timers, stand-ins, CPU moves, pauses).
  "move/stale": "That move was for an earlier turn.",
  "timer/none": "No turn timer is running.",
  "timer/stale": "That turn is already over.",
  "timer/early": "The turn timer has not run out yet.",
  "stand-in/not-due": "No stand-in move is due for that seat.",
  "stand-in/early": "The player's grace period has not run out yet.",
  "pause/none": "The table was not paused.",
  "abandon/people-seated": "People are still seated: the game goes on.",
  "replay/refused": "A move of the record was refused.",

  // The games.
  "game/over": "The game has ended.",
  "game/seat-out": "That seat is out of the game.",
  "game/no-such-seat": "There is no such seat in this game.",
  "square/invalid": "That is not a square of the board.",
  "move/unreadable": "That move could not be read.",
  "move/unreadable-as": '"{text}" is not a move like {examples}.',
  "move/illegal": "That move is not legal.",
  "move/no-castle": "This player cannot castle on that side.",
  "move/game-over": "The game has ended.",
  "move/invalid-square": '"{square}" is not a square of the board.',
  "move/no-piece": "There is no piece on {square}.",
  "move/not-your-turn": "It is {turn}'s turn, not yours.",
  "move/not-your-piece": "The piece on {square} is not yours.",
  "move/other-side-piece": "The piece on {square} is {owner}'s; it is {turn}'s turn.",
  "move/grey-piece": "The grey piece on {square} belongs to an eliminated player and never moves.",
  "move/same-square": "A move must go to another square.",
  "move/own-piece": "{square} holds one of your own pieces.",
  "move/partner-piece": "{square} holds your partner's piece; partners never capture each other.",
  "move/knight-shape": "A knight jumps in an L: two squares one way and one to the side.",
  "move/rook-line": "A rook moves along a rank or file.",
  "move/bishop-line": "A bishop moves diagonally.",
  "move/queen-line": "A queen moves along a rank, file or diagonal.",
  "move/king-step": "A king moves one square, or two toward a rook when castling.",
  "move/blocked": "The {piece}'s path is blocked at {square}.",
  "move/corner": "The {piece} cannot cross the missing corner of the board.",
  "move/pawn-forward": "A pawn moves forward only onto an empty square.",
  "move/pawn-double-start": "A pawn steps two squares only from its starting line.",
  "move/pawn-double-blocked": "A pawn's two-square step needs both squares in front of it empty.",
  "move/pawn-diagonal":
    "A pawn moves diagonally only to capture (or en passant, right after an opponent's two-square step).",
  "move/pawn-shape":
    "A pawn moves one square forward (two from its starting line) and captures diagonally forward.",
  "move/castle-rights": "You can no longer castle {castle}: the king or that rook has moved.",
  "move/castle-blocked":
    "To castle, the squares between king and rook must be empty; {square} is not.",
  "move/castle-check": "The king cannot cross or land on a square an opponent attacks.",
  "move/castle-in-check": "You cannot castle while your king is in check.",
  "move/king-attacked": "Moving the {piece} to {square} would leave your king in check.",
  "move/king-check-not-ended":
    "Your king is in check, and moving the {piece} to {square} does not end the check.",
  "move/promotion-required": "Choose what the pawn becomes: {choices}.",
  "move/promotion-invalid": 'A pawn promotes to {choices}, not "{wanted}".',
  "move/promotion-queen-only": "In Individual a pawn promotes to a queen only.",
  "move/not-promotion": "Only a pawn reaching its promotion line promotes.",
  "move/general-step": "The general moves one point up, down, left or right.",
  "move/advisor-step": "The advisor moves one point diagonally.",
  "move/palace": "The {piece} must stay in the palace.",
  "move/elephant-step": "The elephant moves exactly two points diagonally.",
  "move/elephant-river": "The elephant cannot cross the river.",
  "move/elephant-eye": "The elephant's eye at {square} is blocked.",
  "move/horse-step": "The horse moves one point straight, then one diagonally outward.",
  "move/horse-leg": "The horse's leg is blocked: {square} is occupied.",
  "move/chariot-line": "The chariot moves straight along a rank or a file.",
  "move/cannon-line": "The cannon moves straight along a rank or a file.",
  "move/cannon-blocked":
    "The cannon's path is blocked at {square}; a cannon jumps only to capture.",
  "move/cannon-screen":
    "A cannon captures by jumping exactly one piece (the screen); there are {n} between.",
  "move/cannon-no-screen":
    "A cannon captures by jumping exactly one piece (the screen); there is none between.",
  "move/soldier-back": "A soldier never moves backward.",
  "move/soldier-river": "A soldier moves sideways only after crossing the river.",
  "move/soldier-step": "A soldier moves one point forward (or sideways once across the river).",
  "move/flying-general":
    "The generals would face each other on an open file; a piece must stay between them.",
  "move/general-attacked": "The general would be in check on {square}.",
  "move/general-in-check": "Moving the {piece} to {square} would leave your general in check.",
  "move/general-check-not-ended":
    "Your general is in check, and moving the {piece} to {square} does not end it.",

  // Positions and game records.
  "fen4/invalid": "That is not a four-player chess position (FEN4).",
  "fen/empty": "The position is empty.",
  "fen/fields": "The position has the wrong number of fields.",
  "fen/placement": "The position's placement of pieces cannot be read.",
  "fen/side": "The position does not say whose turn it is.",
  "fen/counters": "The position's move counters cannot be read.",
  "fen/piece-count": "The position has too many pieces of one kind.",
  "fen/piece-point": "A piece of the position stands on a point it can never reach.",
  "fen/general": "Each side needs exactly one general, in its palace.",
  "fen/flying-general": "The generals of the position face each other.",
  "fen/side-in-check": "The side that just moved is in check.",
  "wxf/unreadable": '"{text}" is not a WXF move like "C2=5", "H8+7" or "+R+2".',
  "wxf/no-piece": '"{text}": no piece of yours matches "{which}".',
  "wxf/no-move": '"{text}" describes no possible move.',
  "wxf/ambiguous": '"{text}" fits more than one piece; name it with + (front) or - (rear).',
  "wxf/illegal": '"{text}" is not a legal move for any piece it could name.',
  "format/wrong-game": "That record format is not for this game.",

  // HTTP.
  "http/not-found": "Nothing here.",
  "http/method": "That method is not allowed here.",
  "http/origin": "This origin may not make changes on this server.",
  "http/forbidden": "This is for the operator.",
  "http/unauthorized": "A password is needed.",
  "http/bad-request": "The request could not be read.",
  "http/internal": "Something went wrong on the server.",
  "api/not-found": "No such API route.",
  "game/not-found": "This game is not in the archive.",

  // The site around the games: feedback, erasure, recommendations.
  "feedback/invalid":
    "The message could not be read: choose a kind and write up to {max} characters.",
  "feedback/not-found": "There is no such message.",
  "erase/invalid": "Give a seat token or a player key to erase.",
  "recommend/invalid": "Say yes or no for a game this server has.",
} as const;

export type ErrorCode = keyof typeof ERRORS;

/** The names of the `{placeholders}` of a template, as a union. */
type Placeholders<S extends string> = S extends `${string}{${infer P}}${infer Rest}`
  ? P | Placeholders<Rest>
  : never;

/** The values a code's message needs: one per placeholder (none for most codes). */
export type ErrorParams<C extends ErrorCode = ErrorCode> = {
  readonly [K in Placeholders<(typeof ERRORS)[C]>]: string | number;
};

/** Any code's params, as they travel on the wire. */
export type AnyParams = Readonly<Record<string, string | number>>;

/**
 * A refusal as the server sends it: the code, the English sentence its template makes with
 * the params (for clients without a translation), and the values the template names.
 */
export type Refusal<C extends ErrorCode = ErrorCode> = Failure<C>;

export const isErrorCode = (x: unknown): x is ErrorCode =>
  typeof x === "string" && Object.hasOwn(ERRORS, x);

/** The placeholders of a template, in order of first appearance. */
export function placeholdersOf(template: string): string[] {
  return [...new Set([...template.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!))];
}

/** Fills a template's `{name}` placeholders; one without a value stays as it is. */
export function fillTemplate(template: string, params: AnyParams = {}): string {
  return template.replace(/\{(\w+)\}/g, (all, k: string) =>
    Object.hasOwn(params, k) ? String(params[k]) : all,
  );
}

/** The params argument a code takes: none, or one object naming every placeholder. */
export type ParamsArg<C extends ErrorCode> = [keyof ErrorParams<C>] extends [never]
  ? []
  : [params: ErrorParams<C>];

/** The catalogue's refusal for `code`, its message filled with `params`. */
export function refusal<C extends ErrorCode>(code: C, ...params: ParamsArg<C>): Refusal<C> {
  const [values] = params as [AnyParams?];
  const message = fillTemplate(ERRORS[code], values);
  return values ? { code, message, params: values } : { code, message };
}

/**
 * A game's refusals: like `refusal`, with the seats and pieces of `params` named in English by
 * that game's words ("Red", "horse"; see texts.ts). Params stay as they are, for a client to
 * name them in its own language.
 */
export function gameRefusal(game: string) {
  const names = englishNames(game);
  return <C extends ErrorCode>(code: C, ...params: ParamsArg<C>): Refusal<C> => {
    const [values] = params as [AnyParams?];
    const message = renderText(ERRORS[code], values, names);
    return values ? { code, message, params: values } : { code, message };
  };
}
