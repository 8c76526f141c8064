/**
 * colyseus.js takes the runtime's own WebSocket where there is one (Node.js 22 and later have
 * it) and the `ws` package otherwise. The load runner, the benchmarks and the tests connect with
 * `ws` on every runtime: the same client code whichever Node.js they run on (so that two
 * runtimes are compared on the server alone), and `ws`'s ping, pause and raw socket, which the
 * tests use to hold a connection silent or to flush it.
 *
 * Import this before colyseus.js is first evaluated (first in an entry's imports).
 */
Reflect.deleteProperty(globalThis, "WebSocket");
