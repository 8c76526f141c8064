/**
 * A flooding client for the attack tests, run as its own process so that its sending does not
 * slow the honest client being timed: `node --import tsx test/security/flooder.ts <ws url>
 * <table id> <connections> <ms>`. Each connection joins the table, stops reading its socket
 * and sends unknown message types with ~3.5 KB names as fast as it can; when the server drops
 * it, it joins again (as long as the server lets this address join). Prints one JSON line with
 * what it sent and how often it was dropped.
 */
// First: colyseus.js connects with `ws` on every Node.js (wsClient.ts).
import "../../loadtest/wsClient";
import type net from "node:net";
import { Client, type Room } from "colyseus.js";

interface WebSocket {
  readonly readyState: number;
  readonly _socket: net.Socket;
  send(data: unknown): void;
  terminate(): void;
}

const [url = "", tableId = "", connections = "5", ms = "3000"] = process.argv.slice(2);
const end = Date.now() + Number(ms);
const name = "x".repeat(3500);
let sent = 0;
let dropped = 0;
let joins = 0;
let refusedJoins = 0;

async function flood(): Promise<void> {
  while (Date.now() < end) {
    let room: Room;
    try {
      room = await new Client(url).joinById(tableId, { spectate: true });
      joins++;
    } catch {
      refusedJoins++;
      await new Promise((r) => setTimeout(r, 200));
      continue;
    }
    // One frame, encoded once and then sent raw as fast as the socket takes it.
    let frame: unknown = null;
    const connection = room.connection as unknown as { send(data: unknown): void };
    const send = connection.send;
    connection.send = (data) => {
      frame = data;
    };
    room.send(name, { flood: true });
    connection.send = send;
    const ws = (room.connection.transport as unknown as { ws: WebSocket }).ws;
    ws._socket.pause();
    while (ws.readyState === 1 && Date.now() < end) {
      for (let i = 0; i < 100 && ws.readyState === 1; i++) {
        ws.send(frame);
        sent++;
      }
      await new Promise((r) => setImmediate(r));
    }
    if (ws.readyState === 1) ws.terminate();
    else dropped++;
  }
}

await Promise.all(Array.from({ length: Number(connections) }, flood));
console.log(JSON.stringify({ sent, dropped, joins, refusedJoins }));
process.exit(0);
