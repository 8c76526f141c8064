import { describe, expect, it } from "vitest";
import { pick, type Random, seeded } from "../../shared/bots/random";
import { GAMES as CATALOG, type GameId, isGameId } from "../../shared/games/catalog";
import type { Game } from "../../shared/games/types";
import { type Action, type Match, plyOf, reduce, seatsOf } from "../../shared/match/match";
import { replay, setupOf } from "../../shared/match/replay";
import { botTurn, nextTimedAction } from "../../shared/match/timing";
import { newMatch, run } from "./helpers";

const GAMES = (["fourchess", "xiangqi"] as GameId[]).filter(isGameId);

/** Replays the match's log from the start: it must reach exactly the table's position. */
function replayed(m: Match): Game {
  const r = replay(m.gameId, setupOf(m.rules, m.firstSeat), m.log);
  if (!r.ok) throw new Error(r.error.message);
  let game = r.value.game;
  // A draw by agreement ends the game without a move of its own.
  if (m.game?.outcome?.reason === "agreement") game = (game.agreeDraw() as { value: Game }).value;
  return game;
}

function checkConsistent(m: Match): void {
  const t = m.game!;
  expect(m.phase === "finished").toBe(t.outcome !== null);
  const board = t
    .pieces()
    .map((p) => `${p.square}:${p.kind}:${p.seat}`)
    .sort();
  expect(m.pieces.map((p) => `${p.square}:${p.kind}:${p.seat}`).sort()).toEqual(board);
  expect(new Set(m.pieces.map((p) => p.id)).size).toBe(m.pieces.length);
  if (!t.outcome) expect(t.out[t.turn]).toBeNull();
  expect(m.log.filter((e) => e.move).map((e) => e.notation)).toEqual(
    t.moves.map((mv) => mv.notation),
  );
}

const SQUARES = "abcdefghijklmn";
const randomSquare = (r: Random) => `${SQUARES[Math.floor(r() * 14)]}${Math.floor(r() * 15)}`;

function randomAction(m: Match, r: Random, players: string[]): Action {
  const someone = pick(players, r)!;
  const roll = r();
  if (m.phase === "finished") return { type: "play-again", player: someone };
  const game = m.game!;
  const bot = botTurn(m);
  const turnPlayer = m.seats[game.turn]?.player ?? someone;
  if (roll < 0.55) {
    const move = pick(game.legalMoves(), r)!;
    return bot
      ? { type: "cpu-move", seat: bot.seat, ply: bot.ply, move }
      : { type: "move", player: turnPlayer, move };
  }
  if (roll < 0.65)
    return {
      type: "move",
      player: turnPlayer,
      move: { from: randomSquare(r), to: randomSquare(r) },
    };
  if (roll < 0.7) return { type: "move", player: someone, move: pick(game.legalMoves(), r)! };
  if (roll < 0.73)
    return {
      type: "cpu-move",
      seat: game.turn,
      ply: plyOf(m) - 1,
      move: pick(game.legalMoves(), r)!,
    };
  if (roll < 0.76) return { type: "offer-draw", player: someone };
  if (roll < 0.8) return { type: "answer-draw", player: someone, accept: r() < 0.7 };
  if (roll < 0.83) return { type: "request-takeback", player: someone };
  if (roll < 0.86) return { type: "answer-takeback", player: someone, accept: r() < 0.7 };
  if (roll < 0.875) return { type: "resign", player: someone };
  if (roll < 0.9) return { type: "drop", player: someone };
  if (roll < 0.93) return { type: "return", player: someone };
  if (roll < 0.96) {
    const timed = nextTimedAction(m);
    return timed?.action ?? { type: "timeout", ply: plyOf(m) };
  }
  if (roll < 0.965) return { type: "leave", player: someone };
  if (roll < 0.975)
    return {
      type: "premove",
      player: someone,
      move: r() < 0.2 ? null : { from: randomSquare(r), to: randomSquare(r) },
    };
  return { type: "stand-in-due", seat: game.turn, ply: plyOf(m) };
}

describe("the match reducer under random input", () => {
  it("200 tables of random legal and illegal actions never break the match", () => {
    const r = seeded(2024);
    let accepted = 0;
    let refusedCount = 0;
    let finished = 0;
    for (let t = 0; t < 200; t++) {
      const game = GAMES[t % GAMES.length]!;
      const seats = CATALOG[game].colors.length;
      const humans = 1 + Math.floor(r() * seats);
      const players = Array.from({ length: humans }, (_, i) => `p${i}`);
      const timed = r();
      const bonus = Math.floor(r() * 10);
      let m = newMatch(game, {
        format: r() < 0.5 ? "teams" : "individual",
        turnTimer: timed < 0.3 ? 30 : 0,
        clock:
          timed > 0.5
            ? {
                base: 15 + Math.floor(r() * 120),
                ...(r() < 0.5 ? { increment: bonus, delay: 0 } : { increment: 0, delay: bonus }),
              }
            : null,
        moveLimit: r() < 0.2 ? 40 : null,
        takebackConsent: r() < 0.7,
      });
      let now = 0;
      players.forEach((p, seat) => {
        m = run(m, now, { type: "sit", player: p, name: p, seat });
      });
      m = run(m, now, { type: "start", player: "p0", host: true });
      let gameStart = m.turnStarted;
      for (let i = 0; i < 120; i++) {
        now += Math.floor(r() * 20_000);
        const action = randomAction(m, r, players);
        const result = reduce(m, action, now);
        if (!result.ok) {
          refusedCount++;
          expect(result.error.code).toMatch(/^[a-z-]+\/[a-z-]+$/);
          expect(result.error.message.length).toBeGreaterThan(5);
          continue;
        }
        accepted++;
        // An action that changes nothing gives the same match back; any other counts one.
        if (result.value === m) continue;
        expect(result.value.version).toBe(m.version + 1);
        if (result.value.gameNumber !== m.gameNumber) gameStart = result.value.turnStarted;
        else
          for (const [s, t] of result.value.used.entries())
            expect(t).toBeGreaterThanOrEqual(m.used[s]!);
        m = result.value;
        // Every turn is charged to one seat: the used times add up to the game's elapsed turns.
        expect(m.used.reduce((a, b) => a + b, 0)).toBe(m.turnStarted - gameStart);
        checkConsistent(m);
        // Clocks never run below 0, and the seat to move never has a premove left.
        expect(m.clocks.every((c) => c >= 0)).toBe(true);
        if (m.phase === "playing") expect(m.premoves[m.game!.turn]).toBeNull();
        else expect(m.premoves.every((p) => p === null)).toBe(true);
        if (i % 30 === 0) expect(replayed(m).fen()).toBe(m.game!.fen());
        if (m.phase === "finished") finished++;
        // Every seat is always held by someone or something once the game runs.
        expect(m.seats.every((s) => s.kind !== "open" || m.phase !== "playing")).toBe(true);
        for (const p of players) expect(seatsOf(m, p).length).toBeLessThanOrEqual(1);
      }
      expect(replayed(m).fen()).toBe(m.game!.fen());
    }
    expect(accepted).toBeGreaterThan(10_000);
    expect(refusedCount).toBeGreaterThan(2_000);
    expect(finished).toBeGreaterThan(20);
  });
});
