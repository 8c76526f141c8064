/**
 * Closes connections that went silent (a laptop asleep, a network gone without a FIN), so their
 * seats go to the stand-in. Colyseus' transport pings every client at once each interval: at
 * thousands of clients that is one long stall of the event loop (a socket write per client).
 * Here the clients are split into slices and one slice is visited per tick, so the same pings
 * are spread evenly over the interval. Any frame from a client (a pong or a message) shows it is
 * there, and a client that sent a message since its last visit is not pinged on this one.
 */
import type { WebSocket, WebSocketServer } from "ws";

export interface LivenessOptions {
  /** How often each client is visited. */
  readonly intervalMs: number;
  /** Visits without an answer before the connection is closed. */
  readonly retries: number;
  /** Into how many slices the clients are split (one slice per tick). */
  readonly slices: number;
}

/** A silent client is closed after 12 to 18 s; ~0.17 of the clients are pinged every 100 ms. */
export const DEFAULT_LIVENESS: LivenessOptions = { intervalMs: 6000, retries: 2, slices: 60 };

interface Watched {
  /** Visits since the client was last heard from. */
  missed: number;
  /** A message arrived since the last visit: no ping needed on the next. */
  spoke: boolean;
  readonly slice: Set<WebSocket>;
}

export interface Liveness {
  stop(): void;
}

export function watchLiveness(
  wss: WebSocketServer,
  opts: LivenessOptions = DEFAULT_LIVENESS,
): Liveness {
  const slices = Array.from({ length: opts.slices }, () => new Set<WebSocket>());
  const watched = new WeakMap<WebSocket, Watched>();
  let next = 0;
  let joined = 0;
  const heard = (socket: WebSocket, spoke: boolean) => {
    const entry = watched.get(socket);
    if (!entry) return;
    entry.missed = 0;
    if (spoke) entry.spoke = true;
  };
  wss.on("connection", (socket: WebSocket) => {
    // Round-robin keeps the slices even however clients come and go.
    const slice = slices[joined++ % slices.length] as Set<WebSocket>;
    slice.add(socket);
    watched.set(socket, { missed: 0, spoke: false, slice });
    socket.on("pong", () => heard(socket, false));
    socket.on("message", () => heard(socket, true));
    socket.once("close", () => slice.delete(socket));
  });
  const tick = () => {
    const slice = slices[next] as Set<WebSocket>;
    next = (next + 1) % slices.length;
    for (const socket of slice) {
      const entry = watched.get(socket);
      if (!entry) continue;
      if (entry.spoke) {
        entry.spoke = false;
        continue;
      }
      if (entry.missed >= opts.retries) {
        slice.delete(socket);
        socket.terminate();
        continue;
      }
      entry.missed++;
      try {
        socket.ping();
      } catch {
        // Closing already: its close event removes it.
      }
    }
  };
  const timer = setInterval(tick, opts.intervalMs / opts.slices);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
