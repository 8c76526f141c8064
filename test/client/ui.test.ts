import { describe, expect, it } from "vitest";
import {
  canPickUp,
  choosePromotion,
  destinations,
  drop,
  EMPTY_UI,
  markedDestinations,
  revalidate,
  type TableFacts,
  tap,
} from "../../client/src/board/state";
import { premovesOpen } from "../../client/src/model/facts";
import type { MoveInput } from "../../shared/games/types";
import type { SeatView } from "../../shared/protocol/views";

/** Moves from "from-to[=P]" texts. */
const moves =
  (...texts: string[]) =>
  (): MoveInput[] =>
    texts.map((text) => {
      const [from = "", rest = ""] = text.split("-");
      const [to = "", promotion] = rest.split("=");
      return promotion ? { from, to, promotion } : { from, to };
    });

const facts = (over: Partial<TableFacts> = {}): TableFacts => ({
  playing: true,
  turn: 0,
  mySeats: [0],
  legalMoves: moves("h2-h3", "h2-h4", "g2-g3", "e7-e8=Q", "e7-e8=R", "e7-e8=B", "e7-e8=N", "f5-g6"),
  pieces: [
    { square: "h2", kind: "P", seat: 0 },
    { square: "g2", kind: "P", seat: 0 },
    { square: "e7", kind: "P", seat: 0 },
    { square: "f5", kind: "B", seat: 0 },
    { square: "g6", kind: "N", seat: 1 },
    { square: "b4", kind: "P", seat: 1 },
  ],
  showLegal: true,
  premoves: false,
  ...over,
});

describe("board selection and moves", () => {
  it("selects an own piece and lists its destinations, marking captures", () => {
    const t = facts();
    const { ui, intent } = tap(EMPTY_UI, t, "f5");
    expect(ui.selected).toBe("f5");
    expect(intent.kind).toBe("none");
    expect(markedDestinations(ui, t)).toEqual([{ square: "g6", capture: true }]);
    expect(destinations(t, "h2")).toEqual([
      { square: "h3", capture: false },
      { square: "h4", capture: false },
    ]);
  });

  it("moves by tapping a destination, and deselects on a second tap of the piece", () => {
    const t = facts();
    const selected = tap(EMPTY_UI, t, "h2").ui;
    expect(tap(selected, t, "h4")).toEqual({
      ui: EMPTY_UI,
      intent: { kind: "move", move: { from: "h2", to: "h4" } },
    });
    expect(tap(selected, t, "h2").ui).toEqual(EMPTY_UI);
    // Another own piece switches the selection.
    expect(tap(selected, t, "g2").ui.selected).toBe("g2");
  });

  it("sends a tap on a square that is not a destination, so the server can explain", () => {
    const t = facts();
    const r = tap(tap(EMPTY_UI, t, "h2").ui, t, "h5");
    expect(r.intent).toEqual({ kind: "move", move: { from: "h2", to: "h5" } });
  });

  it("ignores the opponents' pieces and empty squares when nothing is selected", () => {
    const t = facts();
    expect(tap(EMPTY_UI, t, "b4")).toEqual({
      ui: EMPTY_UI,
      intent: { kind: "none" },
    });
    expect(tap(EMPTY_UI, t, "h6")).toEqual({
      ui: EMPTY_UI,
      intent: { kind: "none" },
    });
  });

  it("asks for the promotion piece when there is a choice", () => {
    const t = facts();
    const r = tap(tap(EMPTY_UI, t, "e7").ui, t, "e8");
    expect(r.intent.kind).toBe("none");
    expect(r.ui.promotion).toEqual({
      from: "e7",
      to: "e8",
      choices: ["Q", "R", "B", "N"],
    });
    expect(choosePromotion(r.ui, "N")).toEqual({
      ui: EMPTY_UI,
      intent: { kind: "move", move: { from: "e7", to: "e8", promotion: "N" } },
    });
    // A single promotion (Individual's queen) needs no question.
    const ffa = facts({ legalMoves: moves("e7-e8=Q") });
    expect(tap(tap(EMPTY_UI, ffa, "e7").ui, ffa, "e8").intent).toEqual({
      kind: "move",
      move: { from: "e7", to: "e8", promotion: "Q" },
    });
  });

  it("marks nothing when the house rule hides legal moves, and nothing when it is not my turn", () => {
    const hidden = facts({ showLegal: false });
    expect(markedDestinations(tap(EMPTY_UI, hidden, "h2").ui, hidden)).toEqual([]);
    const waiting = facts({ turn: 1 });
    expect(destinations(waiting, "h2")).toEqual([]);
  });

  it("moves by drag and drop", () => {
    const t = facts();
    expect(drop(EMPTY_UI, t, "g2", "g3").intent).toEqual({
      kind: "move",
      move: { from: "g2", to: "g3" },
    });
    expect(drop(EMPTY_UI, t, "b4", "c4").intent.kind).toBe("none");
  });

  it("on one device holding both seats, only the side to move can be picked up", () => {
    const pieces = [
      { square: "h2", kind: "C", seat: 0 },
      { square: "h9", kind: "H", seat: 1 },
    ];
    const t = facts({
      mySeats: [0, 1],
      turn: 1,
      legalMoves: moves("h9-g7"),
      pieces,
    });
    expect(tap(EMPTY_UI, t, "h2").ui.selected).toBeNull();
    expect(tap(EMPTY_UI, t, "h9").ui.selected).toBe("h9");
  });

  it("drops a selection whose piece is gone", () => {
    const t = facts();
    const ui = tap(EMPTY_UI, t, "h2").ui;
    expect(revalidate(ui, facts({ pieces: [] }))).toEqual(EMPTY_UI);
  });
});

describe("premoves on the board", () => {
  const waiting = () => facts({ turn: 1, premoves: true });

  it("while another seat is to move, a tap or a drop queues a premove, with no legal move known", () => {
    const t = waiting();
    expect(canPickUp(t, "h2")).toBe(true);
    expect(canPickUp(t, "b4")).toBe(false);
    const selected = tap(EMPTY_UI, t, "h2").ui;
    expect(selected.selected).toBe("h2");
    // Nothing is marked: what will be legal is not known yet.
    expect(markedDestinations(selected, t)).toEqual([]);
    expect(tap(selected, t, "h4")).toEqual({
      ui: EMPTY_UI,
      intent: { kind: "premove", move: { from: "h2", to: "h4" } },
    });
    expect(drop(EMPTY_UI, t, "f5", "c8")).toEqual({
      ui: EMPTY_UI,
      intent: { kind: "premove", move: { from: "f5", to: "c8" } },
    });
    // Another seat's piece is not picked up; another own piece switches the selection.
    expect(drop(EMPTY_UI, t, "b4", "b3").intent.kind).toBe("none");
    expect(tap(selected, t, "g2").ui.selected).toBe("g2");
  });

  it("on this player's turn moves are moves again", () => {
    const t = facts({ premoves: false });
    expect(drop(EMPTY_UI, t, "g2", "g3").intent.kind).toBe("move");
    // Where no premove may be made (a seat that is out), the move goes to the server to explain.
    const out = facts({ turn: 1 });
    expect(canPickUp(out, "h2")).toBe(false);
    expect(tap(tap(EMPTY_UI, out, "h2").ui, out, "h3").intent.kind).toBe("move");
  });

  it("are open to one seat still in a game, while another seat is to move", () => {
    const seat = (out = ""): SeatView => ({
      color: "red",
      rating: 0,
      provisional: false,
      delta: 0,
      kind: "human",
      name: "",
      player: "",
      connected: true,
      standIn: false,
      level: "",
      score: 0,
      out,
      used: 0,
      clock: 0,
    });
    const s = {
      phase: "playing" as const,
      mode: "online" as const,
      turn: 1,
      seats: [seat(), seat()],
    };
    const me = (seats: number[]) => ({ player: "p", seats, host: false, spectator: !seats.length });
    expect(premovesOpen(s, me([0]))).toBe(true);
    expect(premovesOpen({ ...s, turn: 0 }, me([0]))).toBe(false);
    expect(premovesOpen(s, me([]))).toBe(false);
    expect(premovesOpen({ ...s, mode: "hotseat" }, me([0, 1]))).toBe(false);
    expect(premovesOpen({ ...s, phase: "finished" }, me([0]))).toBe(false);
    expect(premovesOpen({ ...s, seats: [seat("resigned"), seat()] }, me([0]))).toBe(false);
  });
});
