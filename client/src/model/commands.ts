/**
 * The commands field for players who do not see the board (as lichess's blind mode): short
 * commands typed beside the move field, each answered with a sentence in the reader's language.
 * The answer is worked out here from what the table (or a review's position) knows, kept apart
 * from the DOM so tests can ask it directly.
 *
 * Commands (case does not matter; words may be spaced as one likes):
 * - `p <kind>`: where every piece of that kind stands, seat by seat (`p n`, `p k`). Kind letters
 *   as the move list writes them: four-player chess K Q R B N P; xiangqi K A E H R C P, with
 *   the chess-like aliases G (general), N (horse), B (elephant), S (soldier).
 * - `pieces [seat]`, `ps [seat]`: every piece of a seat (the reader's own by default; a
 *   spectator's, the side to move); the seat as its number (1–4, xiangqi 1–2) or its colour, in
 *   the reader's language or English.
 * - `s <file>`, `s <rank>`: a file (`s e`) or a rank (`s 2`) read square by square, empty runs
 *   said once ("a2 to d2 empty"); on the cross board only the squares that exist.
 * - `l`, `last`: the last move, as the move list writes it, and who played it.
 * - `t`, `turn`: whose turn it is and who is next (seats that are out are skipped).
 * - `c`, `clock`: every seat's clock, or the turn timer of the seat to move.
 * - `pt`, `points`: points per seat (four-player Individual only).
 * - `m <square>`, `moves <square>`: the legal moves of the piece on a square, or why it has none.
 * - `h`, `help`, `?`: the list of commands.
 */
import { ENGLISH_SEATS } from "../../../shared/core/textRender";
import type { Format, GameId } from "../../../shared/games/catalog";
import { GRID as FOURCHESS_GRID } from "../../../shared/games/fourchess/board";
import type { Game, MoveInput, Piece } from "../../../shared/games/types";
import { GRID as XIANGQI_GRID } from "../../../shared/games/xiangqi/board";
import { gameSeatColor, pieceName, t, tCount } from "../i18n";

/** A seat as the commands name it. */
export interface SeatFacts {
  /** Who sits there ("" for nobody, the word for a CPU for a CPU). */
  readonly name: string;
  /** The seat is out of the game. */
  readonly out: boolean;
}

/** The time there is to tell: a game clock per seat, the turn timer of the seat to move, or none. */
export type ClockFacts =
  | { readonly kind: "none" }
  | { readonly kind: "clock"; readonly ms: readonly number[] }
  /** A turn timer; `seat` -1 when no turn is being timed now. */
  | { readonly kind: "timer"; readonly seat: number; readonly ms: number };

/** A legal move of a piece: where it goes and, if it takes, what. */
export interface LegalMove {
  readonly to: string;
  readonly takes: Piece | null;
}

/** What the commands are answered from: a table now, or a position of a review. */
export interface CommandContext {
  readonly game: GameId;
  readonly format: Format;
  readonly pieces: readonly Piece[];
  readonly seats: readonly SeatFacts[];
  /** The seats this reader plays (none: a spectator, or a review of a game not theirs). */
  readonly mySeats: readonly number[];
  /** The seat to move, or null when nobody is (the game is over). */
  readonly turn: number | null;
  readonly clocks: ClockFacts;
  /** Points per seat where the format keeps score, else null. */
  readonly points: readonly number[] | null;
  /** The last entry of the record as the move list writes it, and its seat; null before any. */
  readonly last: { readonly seat: number; readonly text: string } | null;
  /** The legal moves of the piece on a square in this position (none when it cannot move). */
  legalMoves(square: string): readonly LegalMove[];
}

/** Kind letters by game, in the order pieces are listed. */
const KINDS: Readonly<Record<GameId, string>> = {
  fourchess: "KQRBNP",
  xiangqi: "KARHECP",
};

/** Other letters people may type for xiangqi's pieces: the chess-like names. */
const XIANGQI_ALIASES: Readonly<Record<string, string>> = { G: "K", N: "H", B: "E", S: "P" };

const GRIDS = { fourchess: FOURCHESS_GRID, xiangqi: XIANGQI_GRID } as const;
const FILES = "abcdefghijklmnopqrstuvwxyz";

/** The answer to a typed command, in the reader's language. */
export function answer(text: string, ctx: CommandContext): string {
  const words = text.trim().toLowerCase().split(/\s+/).filter(Boolean);
  const [command = "", ...rest] = words;
  const arg = rest.join(" ");
  switch (command) {
    case "":
    case "h":
    case "help":
    case "?":
      return help(ctx);
    case "p":
      return kindAnswer(arg, ctx);
    case "ps":
    case "pieces":
      return sideAnswer(arg, ctx);
    case "s":
    case "scan":
      return scanAnswer(arg, ctx);
    case "l":
    case "last":
      return lastAnswer(ctx);
    case "t":
    case "turn":
      return turnAnswer(ctx);
    case "c":
    case "clock":
    case "clocks":
      return clockAnswer(ctx);
    case "pt":
    case "points":
      return pointsAnswer(ctx);
    case "m":
    case "moves":
      return movesAnswer(arg, ctx);
    default:
      return t("cmd.unknown", { text: text.trim() });
  }
}

/** Short sentences one after the other, each ended as the language ends one. */
function sentences(parts: readonly string[]): string {
  const stop = t("cmd.stop");
  return parts.map((p) => `${p}${stop}`).join(" ");
}

/** The list of commands, one a line. */
function help(ctx: CommandContext): string {
  const letters = kindLetters(ctx.game);
  return [
    t("cmd.help"),
    t("cmd.help.p", { letters }),
    t("cmd.help.pieces", { seats: ctx.seats.length }),
    t("cmd.help.scan"),
    t("cmd.help.last"),
    t("cmd.help.turn"),
    t("cmd.help.clock"),
    t("cmd.help.points"),
    t("cmd.help.moves"),
    t("cmd.help.help"),
  ].join("\n");
}

const kindLetters = (game: GameId) => KINDS[game].split("").join(" ");

/** A seat's colour in the reader's language; a grey piece's (a seat that is out) is "grey". */
function colorOf(ctx: CommandContext, seat: number): string {
  return seat < 0 ? t("cmd.grey") : gameSeatColor(ctx.game, seat);
}

/** A seat as a sentence names it: its colour, and who sits there ("Red (Ana, you)"). */
function seatText(ctx: CommandContext, seat: number): string {
  const color = colorOf(ctx, seat);
  const who = [ctx.seats[seat]?.name ?? "", ctx.mySeats.includes(seat) ? t("seat.you") : ""]
    .filter(Boolean)
    .join(", ");
  return who ? t("cmd.seat", { color, name: who }) : color;
}

/** A piece named by its colour and kind ("Red Knight"). */
function pieceText(ctx: CommandContext, p: Piece): string {
  return t("cmd.piece", { color: colorOf(ctx, p.seat), piece: pieceName(ctx.game, p.kind) });
}

/** The kind letter meant by what was typed, or null. */
function kindOf(game: GameId, typed: string): string | null {
  const letter = typed.toUpperCase();
  if (letter.length !== 1) return null;
  if (KINDS[game].includes(letter)) return letter;
  if (game === "xiangqi") return XIANGQI_ALIASES[letter] ?? null;
  return null;
}

/** The seats in their order, then grey pieces (-1) where there are any. */
function seatOrder(ctx: CommandContext): number[] {
  const seats = ctx.seats.map((_, i) => i);
  return ctx.pieces.some((p) => p.seat < 0) ? [...seats, -1] : seats;
}

function squaresOf(pieces: readonly Piece[]): string {
  return pieces
    .map((p) => p.square)
    .sort(bySquare)
    .join(", ");
}

/** Squares in board order: by rank, then by file. */
function bySquare(a: string, b: string): number {
  const ra = Number(a.slice(1));
  const rb = Number(b.slice(1));
  return ra - rb || a.localeCompare(b);
}

/** `p <kind>`: where that kind of piece stands, seat by seat. */
function kindAnswer(arg: string, ctx: CommandContext): string {
  const letters = kindLetters(ctx.game);
  if (!arg) return t("cmd.needKind", { letters });
  const kind = kindOf(ctx.game, arg);
  if (!kind) return t("cmd.badKind", { kind: arg, letters });
  const parts = seatOrder(ctx).flatMap((seat) => {
    const here = ctx.pieces.filter((p) => p.seat === seat && p.kind === kind);
    // A seat without such a piece is said only when it is one of the players' seats.
    if (here.length === 0 && seat < 0) return [];
    return [`${colorOf(ctx, seat)}: ${here.length ? squaresOf(here) : t("cmd.none")}`];
  });
  return sentences([pieceName(ctx.game, kind), ...parts]);
}

/** The seat meant by what was typed: a number from 1, or a colour (the reader's or English). */
function seatOf(typed: string, ctx: CommandContext): number | null {
  const n = Number(typed);
  if (/^\d+$/.test(typed)) return n >= 1 && n <= ctx.seats.length ? n - 1 : null;
  const word = typed.toLocaleLowerCase();
  for (let i = 0; i < ctx.seats.length; i++) {
    const english = ENGLISH_SEATS[ctx.game]?.[i]?.toLowerCase();
    if (word === english || word === gameSeatColor(ctx.game, i).toLocaleLowerCase()) return i;
  }
  return null;
}

/** Whose pieces `pieces` tells without a seat: the reader's, else the side to move. */
function defaultSeat(ctx: CommandContext): number {
  if (ctx.turn !== null && ctx.mySeats.includes(ctx.turn)) return ctx.turn;
  return ctx.mySeats[0] ?? ctx.turn ?? 0;
}

/** `pieces [seat]`: every piece of a seat, kind by kind. */
function sideAnswer(arg: string, ctx: CommandContext): string {
  const seat = arg ? seatOf(arg, ctx) : defaultSeat(ctx);
  if (seat === null) return t("cmd.badSeat", { seat: arg, seats: ctx.seats.length });
  const mine = ctx.pieces.filter((p) => p.seat === seat);
  const who = seatText(ctx, seat);
  if (mine.length === 0) return t("cmd.noPieces", { seat: who });
  const parts = KINDS[ctx.game].split("").flatMap((kind) => {
    const here = mine.filter((p) => p.kind === kind);
    return here.length ? [`${pieceName(ctx.game, kind)}: ${squaresOf(here)}`] : [];
  });
  return `${tCount("cmd.sidePieces", mine.length, { seat: who })} ${sentences(parts)}`;
}

/** `s <file>` or `s <rank>`: a line of the board square by square, empty runs said once. */
function scanAnswer(arg: string, ctx: CommandContext): string {
  const grid = GRIDS[ctx.game];
  const lastFile = FILES[grid.files - 1]!;
  const lastRank = grid.ranks - 1 + grid.firstRank;
  const bad = () => t("cmd.badScan", { lastFile, first: grid.firstRank, last: lastRank });
  let squares: string[];
  if (/^[a-z]$/.test(arg) && FILES.indexOf(arg) < grid.files) {
    const file = FILES.indexOf(arg);
    squares = [];
    for (let r = 0; r < grid.ranks; r++)
      if (grid.onBoard(file, r)) squares.push(`${arg}${r + grid.firstRank}`);
  } else if (/^\d+$/.test(arg) && Number(arg) >= grid.firstRank && Number(arg) <= lastRank) {
    const rank = Number(arg) - grid.firstRank;
    squares = [];
    for (let f = 0; f < grid.files; f++)
      if (grid.onBoard(f, rank)) squares.push(`${FILES[f]}${arg}`);
  } else return bad();
  const at = new Map(ctx.pieces.map((p) => [p.square, p]));
  const parts: string[] = [];
  let run: string[] = [];
  const endRun = () => {
    if (run.length === 1) parts.push(t("cmd.empty", { square: run[0]! }));
    else if (run.length > 1) parts.push(t("cmd.emptyRun", { from: run[0]!, to: run.at(-1)! }));
    run = [];
  };
  for (const square of squares) {
    const p = at.get(square);
    if (!p) {
      run.push(square);
      continue;
    }
    endRun();
    parts.push(`${square} ${pieceText(ctx, p)}`);
  }
  endRun();
  return `${parts.join(", ")}${t("cmd.stop")}`;
}

/** `l`: the last move and who played it. */
function lastAnswer(ctx: CommandContext): string {
  if (!ctx.last) return t("cmd.noLast");
  return t("cmd.last", { move: ctx.last.text, seat: seatText(ctx, ctx.last.seat) });
}

/** The seat after `seat` in the order of play that is still in the game (itself if none). */
export function nextSeat(ctx: Pick<CommandContext, "seats">, seat: number): number {
  const n = ctx.seats.length;
  for (let i = 1; i < n; i++) {
    const next = (seat + i) % n;
    if (!ctx.seats[next]?.out) return next;
  }
  return seat;
}

/** `t`: whose turn it is and who is next. */
function turnAnswer(ctx: CommandContext): string {
  if (ctx.turn === null) return t("cmd.over");
  const seat = seatText(ctx, ctx.turn);
  const next = nextSeat(ctx, ctx.turn);
  if (next === ctx.turn) return t("cmd.turnOnly", { seat });
  return t("cmd.turn", { seat, next: seatText(ctx, next) });
}

/** A time in minutes and seconds ("4 minutes 5 seconds"), whole seconds left. */
export function durationText(ms: number): string {
  const total = Math.floor(Math.max(0, ms) / 1000);
  const minutes = Math.floor(total / 60);
  const seconds = total % 60;
  const secondsText = tCount("cmd.seconds", seconds);
  if (minutes === 0) return secondsText;
  const minutesText = tCount("cmd.minutes", minutes);
  return seconds === 0
    ? minutesText
    : t("cmd.duration", { minutes: minutesText, seconds: secondsText });
}

/** A seat in a list of all seats: marked when it is out. */
function listedSeat(ctx: CommandContext, seat: number): string {
  const name = seatText(ctx, seat);
  return ctx.seats[seat]?.out ? t("cmd.outSeat", { seat: name }) : name;
}

/** `c`: every seat's clock, or the turn timer. */
function clockAnswer(ctx: CommandContext): string {
  const c = ctx.clocks;
  switch (c.kind) {
    case "none":
      return t("cmd.noClock");
    case "timer":
      if (c.seat < 0) return t("cmd.timerIdle");
      return t("cmd.timer", { seat: seatText(ctx, c.seat), time: durationText(c.ms) });
    case "clock": {
      const parts = ctx.seats.map((_, i) => `${listedSeat(ctx, i)}: ${durationText(c.ms[i] ?? 0)}`);
      return sentences(parts);
    }
  }
}

/** `pt`: points per seat, in Individual. */
function pointsAnswer(ctx: CommandContext): string {
  const points = ctx.points;
  if (ctx.game !== "fourchess" || ctx.format !== "individual" || !points) return t("cmd.noPoints");
  const parts = ctx.seats.map(
    (_, i) => `${listedSeat(ctx, i)}: ${tCount("cmd.pointsOf", points[i] ?? 0)}`,
  );
  return sentences(parts);
}

/** A square's name as typed, if it is one of this board's. */
function squareOf(typed: string, game: GameId): string | null {
  const grid = GRIDS[game];
  const m = /^([a-z])(\d{1,2})$/.exec(typed);
  if (!m) return null;
  const file = FILES.indexOf(m[1]!);
  const rank = Number(m[2]) - grid.firstRank;
  return file < grid.files && rank >= 0 && rank < grid.ranks && grid.onBoard(file, rank)
    ? `${m[1]}${Number(m[2])}`
    : null;
}

/** `m <square>`: the legal moves of the piece there, or why it has none. */
function movesAnswer(arg: string, ctx: CommandContext): string {
  if (!arg) return t("cmd.needSquare");
  const square = squareOf(arg.replace(/\s+/g, ""), ctx.game);
  if (!square) return t("cmd.badSquare", { square: arg });
  const piece = ctx.pieces.find((p) => p.square === square);
  if (!piece) return t("cmd.emptySquare", { square });
  const what = pieceText(ctx, piece);
  if (ctx.turn === null) return `${square} ${what}${t("cmd.stop")} ${t("cmd.over")}`;
  if (piece.seat !== ctx.turn)
    return t("cmd.notItsTurn", { square, piece: what, seat: seatText(ctx, ctx.turn) });
  const moves = ctx.legalMoves(square);
  if (moves.length === 0) return t("cmd.noMoves", { square, piece: what });
  // A promotion is one move per piece it may become: its square is said once.
  const seen = new Set<string>();
  const list: string[] = [];
  for (const m of [...moves].sort((a, b) => bySquare(a.to, b.to))) {
    if (seen.has(m.to)) continue;
    seen.add(m.to);
    list.push(m.takes ? t("cmd.takes", { square: m.to, piece: pieceText(ctx, m.takes) }) : m.to);
  }
  return tCount("cmd.moves", list.length, { square, piece: what, list: list.join(", ") });
}

/** What the table or a review knows besides the position itself. */
export interface AroundPosition {
  readonly format: Format;
  readonly seats: readonly { readonly name: string }[];
  readonly mySeats: readonly number[];
  readonly clocks: ClockFacts;
  readonly last: CommandContext["last"];
  /** The game is over even if the position does not say so (a table's finished phase). */
  readonly over?: boolean;
}

/**
 * The context of a position of the shared rules (a game at a table, or a review's step): its
 * pieces, turn, seats out, points and legal moves, with what is around it.
 */
export function positionContext(position: Game, around: AroundPosition): CommandContext {
  const pieces = position.pieces();
  let legal: readonly MoveInput[] | null = null;
  const over = around.over === true || position.outcome !== null;
  return {
    game: position.id,
    format: around.format,
    pieces,
    seats: around.seats.map((s, i) => ({ name: s.name, out: position.out[i] != null })),
    mySeats: around.mySeats,
    turn: over ? null : position.turn,
    clocks: around.clocks,
    points: position.scores,
    last: around.last,
    legalMoves: (square) => {
      if (over) return [];
      legal ??= position.legalMoves();
      return legal
        .filter((m) => m.from === square)
        .map((m) => {
          // The rules say what a move takes (en passant takes off its square).
          const played = position.play(m);
          const taken = played.ok ? played.value.lastMove?.captured : null;
          return { to: m.to, takes: pieces.find((p) => p.square === taken) ?? null };
        });
    },
  };
}
