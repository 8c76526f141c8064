/**
 * A whole game against the computer played as a blind player plays it: only the keyboard, and
 * only what the accessibility tree exposes. The position is read from the board grid's cell
 * names; the test's own player (the shared engine, in this process) chooses each move from that
 * position alone; the move is made by walking the grid with the arrow keys and pressing Enter on
 * the piece and on its square; the game ends as the rules end it. Then what the live regions said
 * is checked: each piece picked up told with where it may go, every move of the others told
 * once, the result told.
 */
import path from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { chooseFourChessMove } from "../../shared/bots/fourchess";
import { chooseXiangqiMove } from "../../shared/bots/xiangqi";
import type { GameId } from "../../shared/games/catalog";
import { fourChessOf } from "../../shared/games/fourchess/adapter";
import type { MoveInput } from "../../shared/games/types";
import { xiangqiOf } from "../../shared/games/xiangqi/adapter";
import { startGame } from "../../shared/match/replay";
import { focused, focusGrid, goTo, gridCells, heard, listen, tabTo } from "./blind";
import { ARTIFACTS, newPage, useRig } from "./harness";

const rig = useRig(20);

const SEATS = ["Red", "Blue", "Yellow", "Green"];
const CHESS: Record<string, string> = {
  Pawn: "P",
  Knight: "N",
  Bishop: "B",
  Rook: "R",
  Queen: "Q",
  King: "K",
};
const XIANGQI: Record<string, string> = {
  General: "K",
  Advisor: "A",
  Elephant: "B",
  Horse: "N",
  Chariot: "R",
  Cannon: "C",
  Soldier: "P",
};

interface Seen {
  readonly square: string;
  readonly seat: number;
  readonly letter: string;
}

/** The pieces named by the grid's cells ("h2, Red Pawn", "e5, empty", "e0, Red General, …"). */
function piecesOf(cells: readonly string[], game: GameId): Seen[] {
  const out: Seen[] = [];
  for (const cell of cells) {
    const [square, content] = cell.split(", ");
    const m = /^(\w+) (\w+)$/.exec(content ?? "");
    if (!square || !m) continue;
    const seat = game === "xiangqi" ? ["Red", "Black"].indexOf(m[1]!) : SEATS.indexOf(m[1]!);
    const letter = (game === "xiangqi" ? XIANGQI : CHESS)[m[2]!];
    if (seat < 0 || !letter) throw new Error(`a cell the test cannot read: "${cell}"`);
    out.push({ square, seat, letter });
  }
  return out;
}

const fileOf = (square: string) => square.charCodeAt(0) - 97;
const rankOf = (square: string) => Number(square.slice(1));

/** Xiangqi FEN of the pieces read, Red to move. */
function xiangqiFen(pieces: readonly Seen[]): string {
  const rows: string[] = [];
  for (let rank = 9; rank >= 0; rank--) {
    let row = "";
    let empty = 0;
    for (let file = 0; file < 9; file++) {
      const p = pieces.find((x) => fileOf(x.square) === file && rankOf(x.square) === rank);
      if (!p) {
        empty++;
        continue;
      }
      if (empty) row += String(empty);
      empty = 0;
      row += p.seat === 0 ? p.letter : p.letter.toLowerCase();
    }
    rows.push(empty ? row + String(empty) : row);
  }
  return `${rows.join("/")} w - - 0 1`;
}

/** FEN4 of the pieces read, Red to move, no castling kept (a move chosen is legal either way). */
function fen4(pieces: readonly Seen[]): string {
  const corner = (f: number, r: number) => (f < 3 || f > 10) && (r < 4 || r > 11);
  const rows: string[] = [];
  for (let rank = 14; rank >= 1; rank--) {
    const cells: string[] = [];
    let empty = 0;
    for (let file = 0; file < 14; file++) {
      const p = pieces.find((x) => fileOf(x.square) === file && rankOf(x.square) === rank);
      if (!p && !corner(file, rank)) {
        empty++;
        continue;
      }
      if (empty) cells.push(String(empty));
      empty = 0;
      cells.push(p ? `${"rbyg"[p.seat]}${p.letter}` : "x");
    }
    if (empty) cells.push(String(empty));
    rows.push(cells.join(","));
  }
  return `R-0,0,0,0-0,0,0,0-0,0,0,0-0,0,0,0-0-${rows.join("/")}`;
}

/** The test player's move in the position the grid shows, Red to move. */
function chooseMove(game: GameId, pieces: readonly Seen[], seed: number): MoveInput {
  const fen = game === "xiangqi" ? xiangqiFen(pieces) : fen4(pieces);
  const setup = { format: "teams" as const, moveLimit: null, handicap: "none", firstSeat: 0, fen };
  const started = startGame(game, setup);
  if (!started.ok) throw new Error(`the grid's position does not start: ${fen}`);
  const g = started.value.game;
  const result =
    game === "xiangqi"
      ? chooseXiangqiMove(xiangqiOf(g), { level: "medium", seed })
      : chooseFourChessMove(fourChessOf(g), { level: "normal", seed });
  if (!result.move) throw new Error(`no move found in ${fen}`);
  return result.move;
}

/** Makes a move on the grid with the keyboard: walk to the piece, Enter, walk to its square, Enter. */
async function keyboardMove(page: Page, move: MoveInput, game: GameId): Promise<void> {
  await focusGrid(page);
  await goTo(page, move.from);
  await page.keyboard.press("Enter");
  await goTo(page, move.to);
  await page.keyboard.press("Enter");
  if (move.promotion) {
    // The promotion question takes the focus: Tab to the piece wanted.
    const name = Object.entries(game === "xiangqi" ? XIANGQI : CHESS).find(
      ([, letter]) => letter === move.promotion,
    )?.[0];
    let f = await focused(page);
    while (f.role === "button" && f.name !== name) {
      await page.keyboard.press("Tab");
      f = await focused(page);
    }
    if (f.role === "button") await page.keyboard.press("Enter");
  }
}

/** Starts a game against the computer from the lobby with the keyboard. */
async function startByKeyboard(page: Page, which: RegExp): Promise<void> {
  await page.goto(`${rig().base}/`);
  const region = page.getByRole("region", { name: "Play against the computer" });
  await region.waitFor();
  // The same games are offered in several sections: Tab on to this section's button.
  for (let i = 0; i < 10; i++) {
    await tabTo(page, "button", which, 200);
    if ((await region.locator(":focus").count()) > 0) break;
  }
  await page.keyboard.press("Enter");
  await page.getByRole("grid").waitFor();
}

/** How many moves the move list (the region named "Moves") holds. */
async function movesPlayed(page: Page): Promise<number> {
  const tree = await page.getByRole("region", { name: "Moves" }).ariaSnapshot();
  return [...tree.matchAll(/- cell "([^"]+)"/g)].filter((m) => !/^\d+\.$/.test(m[1]!)).length;
}

async function playToTheEnd(page: Page, game: GameId): Promise<{ moves: number; title: string }> {
  const result = page.getByRole("dialog", { name: /You won|You lost|Draw|No winner/ });
  const myTurn = page.getByRole("complementary").getByText("Your turn", { exact: true });
  let moves = 0;
  for (; moves < 400; moves++) {
    await Promise.race([myTurn.waitFor({ timeout: 60_000 }), result.waitFor({ timeout: 60_000 })]);
    if (await result.isVisible()) break;
    const pieces = piecesOf(await gridCells(page), game);
    const move = chooseMove(game, pieces, moves + 1);
    const before = await movesPlayed(page);
    await keyboardMove(page, move, game);
    // The move list has the move once the server has taken it.
    await expect.poll(() => movesPlayed(page), { timeout: 15_000 }).toBeGreaterThan(before);
  }
  await result.waitFor({ timeout: 60_000 });
  return { moves, title: (await result.getAttribute("aria-label")) ?? "" };
}

/**
 * What was said of the moves: each of the computer's told once, whole (piece, squares, who moves
 * next), and none of the reader's own; `mine` moves were the reader's.
 */
async function checkTold(page: Page, said: readonly string[], mine: number): Promise<void> {
  const all = said.join(" ");
  // "Blue (CPU): knight g14 to f12", "Blue (CPU): castles short, king h14 to j14".
  const told = [...all.matchAll(/\(CPU\): (?:[\w,]+ )+[a-n]\d+ to [a-n]\d+/g)];
  expect(told.length).toBe((await movesPlayed(page)) - mine);
  expect(all).not.toMatch(/Red \(Blind\): /);
  expect(all).toMatch(/\(CPU\): [^.]+\. (Your turn|\w+ to move)\./);
}

const GAMES = [
  {
    name: "xiangqi",
    game: "xiangqi",
    button: /xiangqi/i,
    cells: 90,
    cell: "e0, Red General, Red palace",
  },
  {
    name: "four-player chess, Teams,",
    game: "fourchess",
    button: /teams/i,
    cells: 160,
    cell: "h2, Red Pawn",
  },
] as const;

describe("a whole game by keyboard and the accessibility tree alone", () => {
  for (const g of GAMES) {
    it(`${g.name} against the computer, to its end`, async () => {
      const page = await newPage(rig(), "Blind");
      await listen(page);
      await startByKeyboard(page, g.button);
      const cells = await gridCells(page);
      expect(cells).toHaveLength(g.cells);
      expect(cells).toContain(g.cell);
      const end = await playToTheEnd(page, g.game);
      await page.screenshot({ path: path.join(ARTIFACTS, `blind-${g.game}-end.png`) });
      const said = await heard(page);
      expect(end.moves).toBeGreaterThan(0);
      expect(said.some((s) => /picked up: \d+ moves?, to /.test(s))).toBe(true);
      await checkTold(page, said, end.moves);
      expect(said.some((s) => s.includes(end.title))).toBe(true);
      await page.context().close();
    }, 600_000);
  }
});
