/**
 * Headless state of the board UI: what is selected, where it may go, a pending promotion
 * choice. Pure functions from (UI state, table facts, a tap or drop) to a new UI state and an
 * intent for the network: a move on this client's turn, a premove while another seat is to
 * move. No chess logic: legal moves are handed in (the client's mirror of the game works them
 * out with the shared rules; the server decides, a premove's legality when its turn comes).
 */
import type { MoveInput, Piece } from "../../../shared/games/types";

/** What the board knows about the table. */
export interface TableFacts {
  readonly playing: boolean;
  readonly turn: number;
  /** Seats this client plays (two in a hot-seat game). */
  readonly mySeats: readonly number[];
  /** Legal moves of the player to move; asked for only on this client's turn. */
  legalMoves(): readonly MoveInput[];
  readonly pieces: readonly Piece[];
  readonly showLegal: boolean;
  /** This client may queue a premove now: its one seat plays on, another seat is to move. */
  readonly premoves: boolean;
}

export interface BoardUi {
  readonly selected: string | null;
  readonly promotion: {
    readonly from: string;
    readonly to: string;
    readonly choices: readonly string[];
  } | null;
}

export type Intent =
  | { readonly kind: "none" }
  | { readonly kind: "move"; readonly move: MoveInput }
  /** A move to play when this client's turn comes (sent as `premove`). */
  | { readonly kind: "premove"; readonly move: MoveInput };

export const EMPTY_UI: BoardUi = { selected: null, promotion: null };
const NONE: Intent = { kind: "none" };

export interface Destination {
  readonly square: string;
  readonly capture: boolean;
}

export function isMyTurn(t: TableFacts): boolean {
  return t.playing && t.mySeats.includes(t.turn);
}

/** Whether a piece on `square` may be picked up now: to move it, or to premove it. */
export function canPickUp(t: TableFacts, square: string): boolean {
  return (isMyTurn(t) || t.premoves) && selectable(t, square);
}

const pieceAt = (t: TableFacts, square: string) => t.pieces.find((p) => p.square === square);

/** Where the piece on `from` may go now (empty unless it is this client's move). */
export function destinations(t: TableFacts, from: string): Destination[] {
  if (!isMyTurn(t)) return [];
  const seen = new Set<string>();
  const out: Destination[] = [];
  for (const m of t.legalMoves()) {
    if (m.from !== from || seen.has(m.to)) continue;
    seen.add(m.to);
    out.push({ square: m.to, capture: pieceAt(t, m.to) !== undefined });
  }
  return out;
}

/** The destinations to mark: none when the house rule hides them. */
export function markedDestinations(ui: BoardUi, t: TableFacts): Destination[] {
  return ui.selected && t.showLegal ? destinations(t, ui.selected) : [];
}

function selectable(t: TableFacts, square: string): boolean {
  const p = pieceAt(t, square);
  return (
    p !== undefined && t.mySeats.includes(p.seat) && (t.mySeats.length === 1 || p.seat === t.turn)
  );
}

/** Moves from→to, or a promotion choice when several pieces are possible. */
function attempt(
  ui: BoardUi,
  t: TableFacts,
  from: string,
  to: string,
): { ui: BoardUi; intent: Intent } {
  // Off turn nothing is legal yet: the move is queued as a premove, judged when the turn comes
  // (where no premove may be made, it goes to the server, which says why not).
  if (!isMyTurn(t) && t.premoves)
    return { ui: EMPTY_UI, intent: { kind: "premove", move: { from, to } } };
  const legal = isMyTurn(t) ? t.legalMoves() : [];
  const matches = legal.filter((m) => m.from === from && m.to === to);
  const choices = matches.flatMap((m) => (m.promotion ? [m.promotion] : []));
  if (choices.length > 1)
    return { ui: { ...ui, selected: from, promotion: { from, to, choices } }, intent: NONE };
  const promotion = choices[0];
  // Not a legal move: the server refuses it and says why, which is how players learn the rules.
  return {
    ui: EMPTY_UI,
    intent: { kind: "move", move: promotion ? { from, to, promotion } : { from, to } },
  };
}

/** A tap (or click) on a square. */
export function tap(ui: BoardUi, t: TableFacts, square: string): { ui: BoardUi; intent: Intent } {
  if (ui.promotion) return { ui: { ...ui, promotion: null }, intent: NONE };
  if (ui.selected === square) return { ui: EMPTY_UI, intent: NONE };
  if (
    selectable(t, square) &&
    !(ui.selected && destinations(t, ui.selected).some((d) => d.square === square))
  ) {
    return { ui: { selected: square, promotion: null }, intent: NONE };
  }
  if (ui.selected) return attempt(ui, t, ui.selected, square);
  return { ui: EMPTY_UI, intent: NONE };
}

/** A piece dragged from one square and dropped on another. */
export function drop(
  ui: BoardUi,
  t: TableFacts,
  from: string,
  to: string,
): { ui: BoardUi; intent: Intent } {
  if (from === to || !selectable(t, from))
    return { ui: from === to ? { selected: from, promotion: null } : EMPTY_UI, intent: NONE };
  return attempt(ui, t, from, to);
}

export function choosePromotion(ui: BoardUi, kind: string): { ui: BoardUi; intent: Intent } {
  const p = ui.promotion;
  if (!p?.choices.includes(kind)) return { ui: EMPTY_UI, intent: NONE };
  return {
    ui: EMPTY_UI,
    intent: { kind: "move", move: { from: p.from, to: p.to, promotion: kind } },
  };
}

/** Drops a selection that no longer makes sense after the state changed (a move was played). */
export function revalidate(ui: BoardUi, t: TableFacts): BoardUi {
  if (ui.selected && !selectable(t, ui.selected)) return EMPTY_UI;
  return ui;
}
