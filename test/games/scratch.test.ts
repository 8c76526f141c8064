/**
 * Games keep their positions as small snapshots and compute in one shared position per game
 * (and format): a move builds no new `Position`, yet every game value stays what it was,
 * whatever other games or other lines played from it do in between.
 */
import { afterEach, describe, expect, it, type MockInstance, vi } from "vitest";
import { chooseMove } from "../../shared/bots/simple";
import type { GameId } from "../../shared/games/catalog";
import { Position as FourChessPosition } from "../../shared/games/fourchess/position";
import type { Game, MoveInput } from "../../shared/games/types";
import { Position as XiangqiPosition } from "../../shared/games/xiangqi/position";
import { advance, type Replayed, setupOf, startGame } from "../../shared/match/replay";
import { defaultRules } from "../../shared/match/rules";

afterEach(() => {
  vi.restoreAllMocks();
});

const KINDS: readonly { id: GameId; format: "teams" | "individual" }[] = [
  { id: "xiangqi", format: "teams" },
  { id: "fourchess", format: "teams" },
  { id: "fourchess", format: "individual" },
];

function start(id: GameId, format: "teams" | "individual"): Replayed {
  const r = startGame(id, setupOf({ ...defaultRules(id), format }), true);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

function play(r: Replayed, move: MoveInput): Replayed {
  const next = advance(r, { seat: r.game.turn, move });
  if (!next.ok) throw new Error(next.error.message);
  return next.value;
}

/** Everything a game value tells about its position. */
function picture(g: Game): string {
  return JSON.stringify({
    fen: g.fen(),
    turn: g.turn,
    legal: g.legalMoves(),
    pieces: g.pieces(),
    checks: g.checks(),
    outcome: g.outcome?.reason ?? null,
    moves: g.moves.length,
  });
}

/** Every way a `Position` comes into being (its constructor is private). */
function watchNewPositions(): MockInstance[] {
  return [
    vi.spyOn(XiangqiPosition, "fromSetup"),
    vi.spyOn(XiangqiPosition, "fromSnapshot"),
    vi.spyOn(XiangqiPosition.prototype, "clone"),
    vi.spyOn(FourChessPosition, "fromSetup"),
    vi.spyOn(FourChessPosition, "fromSnapshot"),
    vi.spyOn(FourChessPosition.prototype, "clone"),
  ];
}

describe("a move builds no new position", () => {
  for (const k of KINDS)
    it(`${k.id} ${k.format}: playing, tracking pieces, listing and reading the game`, () => {
      // The shared positions exist once the first game of the kind has started.
      let r = start(k.id, k.format);
      const spies = watchNewPositions();
      let plies = 0;
      for (; plies < 120 && !r.game.outcome; plies++) {
        const move = chooseMove(r.game, 7 + plies)!;
        r = play(r, move);
        r.game.fen();
        r.game.checks();
      }
      expect(plies).toBeGreaterThan(40);
      expect(spies.map((s) => s.mock.calls.length)).toEqual([0, 0, 0, 0, 0, 0]);
    });
});

describe("game values stay as they were", () => {
  for (const k of KINDS)
    it(`${k.id} ${k.format}: other lines and other games played in between change nothing`, () => {
      // One line of play, every value kept with its picture taken when it was made.
      const line: { r: Replayed; seen: string }[] = [];
      let r = start(k.id, k.format);
      for (let ply = 0; ply < 60 && !r.game.outcome; ply++) {
        line.push({ r, seen: picture(r.game) });
        r = play(r, chooseMove(r.game, 100 + ply)!);
      }
      // Other lines from earlier values, and another game of every kind, played in between.
      const others = KINDS.map((o) => start(o.id, o.format));
      for (const [i, kept] of line.entries()) {
        if (i % 3 !== 0) continue;
        const legal = kept.r.game.legalMoves();
        const branch = play(kept.r, legal[legal.length - 1]!);
        branch.game.legalMoves();
        for (const [j, o] of others.entries())
          if (!o.game.outcome) others[j] = play(o, chooseMove(o.game, i)!);
      }
      for (const kept of line) expect(picture(kept.r.game)).toBe(kept.seen);
    });

  it("a position handed out is a copy: changing it changes no game", () => {
    const r = start("xiangqi", "teams");
    const before = picture(r.game);
    const pos = (r.game as unknown as { game: { position(): XiangqiPosition } }).game.position();
    const m = pos.legalMoves()[0]!;
    pos.make(m);
    expect(picture(r.game)).toBe(before);
    // And the copy is the game's position.
    pos.unmake();
    expect(pos.hashKey()).toBe(
      (r.game as unknown as { game: { position(): XiangqiPosition } }).game.position().hashKey(),
    );
  });
});
