/**
 * HTTP API beside the rooms: the list of public tables and quick play. Private tables never
 * appear here; they are reached only by their code.
 */
import { matchMaker } from "@colyseus/core";
import express from "express";
import { isGameId } from "../shared/games/registry";
import { KeyedLimiter } from "./ratelimit";

export interface TableListing {
  readonly id: string;
  readonly game: string;
  readonly format: string;
  readonly phase: string;
  readonly seats: number;
  readonly taken: number;
  readonly spectators: number;
}

interface Metadata {
  game?: string;
  format?: string;
  phase?: string;
  seats?: number;
  taken?: number;
  spectators?: number;
}

export async function listTables(roomName: string): Promise<TableListing[]> {
  const rooms = await matchMaker.query({ name: roomName, private: false });
  return rooms
    .filter((r) => r.metadata && !r.private)
    .map((r) => {
      const md = r.metadata as Metadata;
      return {
        id: r.roomId,
        game: md.game ?? "",
        format: md.format ?? "",
        phase: md.phase ?? "waiting",
        seats: md.seats ?? 0,
        taken: md.taken ?? 0,
        spectators: md.spectators ?? 0,
      };
    });
}

export function apiRouter(roomName: string): express.Router {
  const router = express.Router();
  const limiter = new KeyedLimiter(1, 20);
  router.use(express.json({ limit: "4kb" }));

  router.get("/tables", async (req, res) => {
    const game = typeof req.query.game === "string" ? req.query.game : undefined;
    const tables = (await listTables(roomName)).filter((t) => !game || t.game === game);
    res.json({ tables });
  });

  // Joins a public table of this game and format that is still seating players, or opens one.
  router.post("/quickplay", async (req, res) => {
    if (!limiter.take(req.ip ?? "", Date.now())) {
      res.status(429).json({ code: "rate/limited", message: "Too many requests; wait a moment." });
      return;
    }
    const game = req.body?.game ?? "fourchess";
    const format = game === "fourchess" ? (req.body?.format ?? "teams") : "";
    if (
      !isGameId(game) ||
      (game === "fourchess" && format !== "teams" && format !== "individual")
    ) {
      res
        .status(400)
        .json({ code: "payload/invalid", message: "quickplay needs { game, format }." });
      return;
    }
    const open = (await listTables(roomName)).find(
      (t) => t.game === game && t.format === format && t.phase === "waiting" && t.taken < t.seats,
    );
    if (open) {
      res.json({ roomId: open.id, created: false });
      return;
    }
    const room = await matchMaker.createRoom(roomName, {
      game,
      format: format || "teams",
      mode: "online",
    });
    res.json({ roomId: room.roomId, created: true });
  });

  router.use((_req, res) => {
    res.status(404).json({ code: "api/not-found", message: "No such API route." });
  });
  return router;
}
