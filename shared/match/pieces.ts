/**
 * Stable piece identities across moves, so a client can slide a piece from its old square to
 * its new one. Derived from the board before and after a move, for any game: the moving piece
 * keeps its id, pieces that stayed put keep theirs (even when they turn grey or promote), a
 * piece that appears elsewhere takes the id of a vanished piece of the same kind and colour
 * (the rook in castling), and vanished pieces without a match were captured.
 */
import type { Piece, PlayedMove, TrackedPiece } from "../games/types";

export function numberPieces(pieces: readonly Piece[]): TrackedPiece[] {
  return pieces.map((p, i) => ({ ...p, id: i + 1 }));
}

export function trackPieces(
  before: readonly TrackedPiece[],
  after: readonly Piece[],
  move: PlayedMove | null,
  nextId: number,
): { pieces: TrackedPiece[]; nextId: number } {
  const followed = move ? followMove(before, after, move) : null;
  if (followed) return { pieces: followed, nextId };
  const prevAt = new Map(before.map((p) => [p.square, p] as const));
  const used = new Set<number>();
  const ids = new Array<number>(after.length).fill(0);

  if (move) {
    const mover = prevAt.get(move.from);
    const i = after.findIndex((p) => p.square === move.to);
    if (mover && i >= 0) {
      ids[i] = mover.id;
      used.add(mover.id);
    }
  }
  after.forEach((p, i) => {
    if (ids[i] || (move && p.square === move.to)) return;
    const prev = prevAt.get(p.square);
    if (prev && !used.has(prev.id)) {
      ids[i] = prev.id;
      used.add(prev.id);
    }
  });
  const nowAt = new Set(after.map((p) => p.square));
  const vanished = before.filter((p) => !used.has(p.id) && !nowAt.has(p.square));
  after.forEach((p, i) => {
    if (ids[i]) return;
    const match = vanished.find((v) => !used.has(v.id) && v.kind === p.kind && v.seat === p.seat);
    if (match) {
      ids[i] = match.id;
      used.add(match.id);
    } else ids[i] = nextId++;
  });
  return { pieces: after.map((p, i) => ({ ...p, id: ids[i]! })), nextId };
}

/**
 * The usual move in one pass, with the same ids as the general case below: the piece on
 * `from` went to `to` (promoting, perhaps), taking at most the piece that stood on `to`, and
 * every other piece is where and what it was. Both lists are in board order, so they are
 * walked side by side; the pieces that stayed are the same objects as before. Null for any
 * other change (castling, en passant, pieces turning grey) or lists in another order.
 */
function followMove(
  before: readonly TrackedPiece[],
  after: readonly Piece[],
  move: PlayedMove,
): TrackedPiece[] | null {
  const { from, to } = move;
  const mover = before.find((p) => p.square === from);
  if (!mover) return null;
  const out = new Array<TrackedPiece>(after.length);
  let i = 0;
  for (let j = 0; j < after.length; j++) {
    const a = after[j]!;
    if (a.square === to) {
      out[j] = { ...a, id: mover.id };
      continue;
    }
    let b = before[i++];
    while (b && (b.square === from || b.square === to)) b = before[i++];
    if (!b || b.square !== a.square || b.kind !== a.kind || b.seat !== a.seat) return null;
    out[j] = b;
  }
  for (; i < before.length; i++) {
    const b = before[i]!;
    if (b.square !== from && b.square !== to) return null;
  }
  return out;
}
