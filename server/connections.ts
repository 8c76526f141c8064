/**
 * Bounds on the connections themselves: one that sends no complete request (or WebSocket
 * upgrade) within a few seconds is closed, idle keep-alive connections are closed soon after,
 * and one address may hold only so many connections at once (not behind a trusted proxy,
 * where every connection comes from the proxy: cap them there).
 */
import type http from "node:http";
import type { Socket } from "node:net";
import type { AbuseLog } from "./log";
import type { PenaltyBox } from "./penalty";

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
  server.headersTimeout = limits.handshakeMs;
  server.requestTimeout = limits.handshakeMs * 2;
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
      if (penalties.has(address, Date.now())) {
        abuse.report("connection-penalised", address);
        socket.destroy();
        return;
      }
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
  server.on("upgrade", (req: http.IncomingMessage) => started(req.socket));
}
