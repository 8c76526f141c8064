/**
 * Colyseus 0.16 gives every room two buffers of `Encoder.BUFFER_SIZE` (8 KB) to encode its
 * state in: the encoder's, for patches, and the serializer's, for the full state a joining
 * client gets. A table's patch is a few dozen bytes and its full state about 1 KB, so 16 KB a
 * table is spent on room that is never written. A state larger than its buffer is encoded
 * again into a larger one, but @colyseus/schema 3.0.76 keeps that one for neither buffer and
 * warns each time: a long game would be encoded twice, with a warning, at every join.
 *
 * So each table starts with small buffers and keeps the larger one when a state outgrew them;
 * the library's warning about an outgrown buffer is what this handles, and is not printed.
 * What leaves for the sockets is a copy: the library hands them views of these buffers, which
 * the next encoding overwrites while a slow client's socket still holds them.
 * The handshake, the same for every table, is encoded once (below).
 */
import type { Encoder } from "@colyseus/schema";

/** What a room starts with: a waiting table's full state is ~0.6 KB, a long game's patch less. */
export const START_BYTES = 2048;

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

/** Gives a room's serializer small buffers that grow to what its state needs. */
export function leanBuffers(room: object): void {
  const serializer = (room as { _serializer?: Serializer })._serializer;
  const encoder = serializer?.encoder;
  if (!serializer || !encoder || !Buffer.isBuffer(serializer.fullEncodeBuffer)) return;
  const full = Buffer.alloc(START_BYTES);
  full[0] = serializer.fullEncodeBuffer[0]!; // the protocol byte the serializer put first
  serializer.fullEncodeBuffer = full;
  encoder.sharedBuffer = Buffer.alloc(START_BYTES);
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
    const buffer = (args[2] ?? this.sharedBuffer) as Buffer;
    args[2] = buffer;
    depth++;
    let out: ReturnType<Encode>;
    try {
      out = quietly(() => encode.apply(this, args));
    } finally {
      depth--;
    }
    if (out.buffer !== buffer.buffer) {
      // Encoded again into a larger buffer: keep it for the next time.
      const grown = Buffer.from(out.buffer, out.byteOffset, out.buffer.byteLength - out.byteOffset);
      if (buffer === this.sharedBuffer) this.sharedBuffer = grown;
      else if (buffer === serializer.fullEncodeBuffer) serializer.fullEncodeBuffer = grown;
    }
    // What is encoded goes to the sockets, which keep it, not a copy, until the kernel takes it:
    // for a client that reads slowly, long after the next patch was encoded in the same buffer.
    // So each patch and each full state leaves in bytes of its own (one copy for all clients).
    return depth === 0 ? Buffer.from(out) : out;
  } as Encode;
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
