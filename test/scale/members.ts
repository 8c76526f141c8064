/**
 * Server processes sharing one Redis, as an operator runs them: each a child process on its
 * own loopback port with `REDIS_URL` and `PUBLIC_ADDRESS` set.
 */
import { Client } from "colyseus.js";
import { freePort } from "../../tools/ports";
import { type ChildServer, startChildServer } from "../security/child";
import type { TableRoom } from "../server/harness";

/** A server process of the group, and what its listening line said. */
export interface Member extends ChildServer {
  readonly started: { restored: number; held: number; process: string };
}

export async function startMember(
  redisUrl: string,
  env: Record<string, string> = {},
): Promise<Member> {
  const port = await freePort();
  const server = await startChildServer({
    PORT: String(port),
    PUBLIC_ADDRESS: `127.0.0.1:${port}`,
    REDIS_URL: redisUrl,
    ...env,
  });
  const line = server.lines.find((l) => l.includes('"event":"listening"')) ?? "{}";
  const started = JSON.parse(line) as Member["started"];
  return Object.assign(server, { started });
}

/** A colyseus.js client of one process, seen as coming from `address` (through a trusted proxy). */
export function clientOf(server: ChildServer, address: string): Client {
  return new Client(server.ws, { headers: { "X-Forwarded-For": address } });
}

/** The port of the process a room's connection went to (its public address). */
export function hostOf(room: TableRoom): number {
  const ws = (room as unknown as { connection: { transport: { ws: { url: string } } } }).connection
    .transport.ws;
  return Number(new URL(ws.url).port);
}

/** The other of two processes. */
export function otherThan<T extends { port: number }>(port: number, pair: readonly [T, T]): T {
  return pair[0].port === port ? pair[1] : pair[0];
}
