/**
 * Bounds on the connections themselves: one that sends no complete request (or WebSocket
 * upgrade) within a few seconds is closed, idle keep-alive connections are closed soon after,
 * and one address may hold only so many connections at once (not behind a trusted proxy,
 * where every connection comes from the proxy: cap them there). An address cut off for
 * flooding is told so: its WebSocket upgrades are closed with 4291 here, its matchmaking calls
 * answered 429 / 4291 by the matchmaker.
 */
import { createHash } from "node:crypto";
import type http from "node:http";
import type { Socket } from "node:net";
import type { Duplex } from "node:stream";
import type { AbuseLog } from "../ops/log";
import type { PenaltyBox } from "./penalty";

/** The close code of a WebSocket from an address cut off for flooding (as the matchmaker's 429). */
export const PENALISED_CLOSE = 4291;

type UpgradeListener = (req: http.IncomingMessage, socket: Duplex, head: Buffer) => void;

export interface ConnectionLimits {
  /** Time to send a complete request or upgrade, ms. */
  readonly handshakeMs: number;
  /** Connections open at once per address (0: no cap, and no penalties: behind a proxy). */
  readonly perAddress: number;
}

export function guardConnections(
  server: http.Server,
  limits: ConnectionLimits,
  abuse: AbuseLog,
  penalties: PenaltyBox,
): void {
  // The whole request, headers and body, within the limit from its first byte (Node answers
  // 408 and closes; it looks every `connectionsCheckingInterval`).
  server.headersTimeout = limits.handshakeMs;
  server.requestTimeout = limits.handshakeMs;
  server.keepAliveTimeout = 5000;
  const open = new Map<string, number>();
  const waiting = new Map<Socket, ReturnType<typeof setTimeout>>();
  const started = (socket: Socket) => {
    const timer = waiting.get(socket);
    if (timer) clearTimeout(timer);
    waiting.delete(socket);
  };
  server.on("connection", (socket: Socket) => {
    const address = socket.remoteAddress ?? "";
    if (limits.perAddress > 0) {
      const n = (open.get(address) ?? 0) + 1;
      if (n > limits.perAddress) {
        abuse.report("connections", address, { limit: limits.perAddress });
        socket.destroy();
        return;
      }
      open.set(address, n);
      socket.once("close", () => {
        const left = (open.get(address) ?? 1) - 1;
        if (left <= 0) open.delete(address);
        else open.set(address, left);
      });
    }
    const timer = setTimeout(() => {
      waiting.delete(socket);
      abuse.report("silent-connection", address, { ms: limits.handshakeMs });
      socket.destroy();
    }, limits.handshakeMs);
    timer.unref();
    waiting.set(socket, timer);
    socket.once("close", () => started(socket));
  });
  server.on("request", (req: http.IncomingMessage) => started(req.socket));
  refusePenalisedUpgrades(server, limits, abuse, penalties, started);
}

/**
 * Puts itself before the upgrade listeners already attached (the WebSocket transport's): an
 * upgrade from a penalised address gets a WebSocket that is closed at once with 4291, which
 * colyseus.js reports as the close code; the others go on as before. Behind a trusted proxy
 * the socket's address is the proxy's, so only the matchmaker, which reads the forwarded
 * address, refuses them.
 */
function refusePenalisedUpgrades(
  server: http.Server,
  limits: ConnectionLimits,
  abuse: AbuseLog,
  penalties: PenaltyBox,
  started: (socket: Socket) => void,
): void {
  const others = server.listeners("upgrade") as UpgradeListener[];
  server.removeAllListeners("upgrade");
  server.on("upgrade", (req: http.IncomingMessage, socket: Duplex, head: Buffer) => {
    started(req.socket);
    const address = req.socket.remoteAddress ?? "";
    if (limits.perAddress > 0 && penalties.has(address, Date.now())) {
      abuse.report("connection-penalised", address);
      closeAtOnce(req, socket, PENALISED_CLOSE);
      return;
    }
    for (const listener of others) listener.call(server, req, socket, head);
  });
}

/** The WebSocket magic of RFC 6455, hashed with the client's key to accept an upgrade. */
const WS_GUID = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11";

/**
 * Accepts the upgrade and closes the WebSocket straight away with `code`: the handshake and
 * one close frame, written by hand (nothing is read from the client any more).
 */
function closeAtOnce(req: http.IncomingMessage, socket: Duplex, code: number): void {
  const key = req.headers["sec-websocket-key"];
  if (typeof key !== "string" || key.length === 0) {
    socket.end("HTTP/1.1 400 Bad Request\r\nConnection: close\r\nContent-Length: 0\r\n\r\n");
    return;
  }
  const accept = createHash("sha1")
    .update(key + WS_GUID)
    .digest("base64");
  socket.write(
    "HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n" +
      `Sec-WebSocket-Accept: ${accept}\r\n\r\n`,
  );
  // FIN + close opcode, a 2-byte payload: the code, big-endian.
  socket.end(Buffer.from([0x88, 0x02, code >> 8, code & 0xff]));
  socket.on("error", () => undefined);
  // A client that does not close its side is not waited for.
  req.socket.setTimeout(1000, () => req.socket.destroy());
}
