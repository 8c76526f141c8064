/**
 * Colyseus 0.16 gives every room two buffers of `Encoder.BUFFER_SIZE` (8 KB) to encode its
 * state in: the encoder's, for patches, and the serializer's, for the full state a joining
 * client gets. A table's patch is a few dozen bytes and its full state about 1 KB, and what is
 * encoded leaves for the sockets as a copy (below), so the buffers are scratch space: encoding
 * is synchronous, and one pair serves every table of the process. It starts small and keeps
 * the larger buffer when a state outgrew it (@colyseus/schema 3.0.76 encodes such a state again
 * into a larger buffer, keeps it for neither buffer and warns each time: a long game would be
 * encoded twice, with a warning, at every join). The library's warning about an outgrown buffer
 * is what this handles, and is not printed.
 * What leaves for the sockets is a copy: the library hands them views of these buffers, which
 * the next encoding overwrites while a slow client's socket still holds them.
 * The handshake, the same for every table, is encoded once (below).
 */
import type { Encoder } from "@colyseus/schema";

/** What the process starts with: a waiting table's full state is ~0.6 KB, a long game's patch less. */
export const START_BYTES = 2048;

/**
 * The process's scratch buffers, shared by every table: `patch` for the changes of a tick,
 * `full` for the whole state (its first byte the protocol's, which encoding never writes).
 */
const scratch: { patch: Buffer; full: Buffer } = {
  patch: Buffer.alloc(START_BYTES),
  full: Buffer.alloc(START_BYTES),
};

/** The parts of Colyseus' schema serializer used here. */
interface Serializer {
  encoder: Encoder;
  fullEncodeBuffer: Buffer;
  handshake(): Uint8Array;
}

/**
 * The handshake (the state's type definitions, sent to each joining client) is the same for
 * every room of a state class; Colyseus encodes it per room into a view of an 8 KB buffer. One
 * copy of its own size serves every table.
 */
const handshakes = new WeakMap<object, Buffer>();

type Encode = Encoder["encode"];

/** Has a room's serializer encode in the process's scratch buffers, which grow as states need. */
export function leanBuffers(room: object): void {
  const serializer = (room as { _serializer?: Serializer })._serializer;
  const encoder = serializer?.encoder;
  if (!serializer || !encoder || !Buffer.isBuffer(serializer.fullEncodeBuffer)) return;
  scratch.full[0] = serializer.fullEncodeBuffer[0]!; // the protocol byte the serializer put first
  serializer.fullEncodeBuffer = scratch.full;
  encoder.sharedBuffer = scratch.patch;
  const type = encoder.state.constructor;
  const handshake = serializer.handshake;
  serializer.handshake = function (this: Serializer) {
    let shared = handshakes.get(type);
    if (!shared) {
      const bytes = handshake.call(this);
      shared = Buffer.alloc(bytes.byteLength);
      shared.set(bytes);
      handshakes.set(type, shared);
    }
    return shared;
  };
  const encode: Encode = encoder.encode;
  // The library calls `encode` again itself for a larger buffer.
  let depth = 0;
  encoder.encode = function (this: Encoder, ...args: Parameters<Encode>) {
    // The library passes the room's own fields, which name the scratch buffers as they were
    // when this room last encoded: another table's state may have outgrown them since.
    const given = (args[2] ?? this.sharedBuffer) as Buffer;
    const role =
      given === serializer.fullEncodeBuffer ? "full" : given === this.sharedBuffer ? "patch" : "";
    const buffer = role ? scratch[role] : given;
    if (buffer !== given) buffer[0] = given[0]!; // the protocol byte the library just wrote
    args[2] = buffer;
    depth++;
    let out: ReturnType<Encode>;
    try {
      out = quietly(() => encode.apply(this, args));
    } finally {
      depth--;
    }
    if (role && out.buffer !== buffer.buffer) {
      // Encoded again into a larger buffer: every table keeps it for the next time.
      scratch[role] = Buffer.from(
        out.buffer,
        out.byteOffset,
        out.buffer.byteLength - out.byteOffset,
      );
    }
    this.sharedBuffer = scratch.patch;
    serializer.fullEncodeBuffer = scratch.full;
    // What is encoded goes to the sockets, which keep it, not a copy, until the kernel takes it:
    // for a client that reads slowly, long after the next patch was encoded in the same buffer.
    // So each patch and each full state leaves in bytes of its own (one copy for all clients).
    if (depth > 0) return out;
    return role === "full" ? ownCopy(out) : Buffer.from(out);
  } as Encode;
}

/**
 * The full state in memory of its own. The serializer keeps it, for the next joiner, as long
 * as the table does not change; a copy from Node.js' shared pool (64 KB slabs on Node.js 24)
 * would keep its whole slab alive with it, the rest of which held patches long gone.
 */
function ownCopy(out: Uint8Array): Buffer {
  const copy = Buffer.allocUnsafeSlow(out.byteLength);
  copy.set(out);
  return copy;
}

/** Runs `f` without the library's overflow warning (only that one is kept back). */
function quietly<T>(f: () => T): T {
  const warn = console.warn;
  console.warn = (...a: unknown[]) => {
    if (typeof a[0] === "string" && a[0].includes("buffer overflow")) return;
    warn(...a);
  };
  try {
    return f();
  } finally {
    console.warn = warn;
  }
}
