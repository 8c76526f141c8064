/**
 * The state decoder of every room a generator joins, registered with colyseus.js's
 * `registerSerializer` in place of its own "schema" one. Two things on top of it:
 *
 * - colyseus.js decodes the state's schema definitions on every join and builds new classes
 *   from them, so that no two rooms share a class: every join pays for it, and the patch
 *   decoder meets a different shape in each room. Every room of one server sends the same
 *   definitions: they are decoded once per process and every room gets the same classes.
 * - Each patch frame passes through `patch` whole (its first byte is the patch code), so a
 *   room that wants the frames' sizes (a spectator's, for bytes per move) sets `onPatch`.
 */
import {
  Decoder,
  type Iterator,
  Reflection,
  type Schema,
  type TypeContext,
} from "@colyseus/schema";
import { type Room, registerSerializer, SchemaSerializer } from "colyseus.js";

const reflected = new Map<string, { root: new () => Schema; context: TypeContext }>();

export class SharedSchemaSerializer extends SchemaSerializer {
  /** Told the length of every patch frame, code byte included. */
  onPatch: ((bytes: number) => void) | null = null;

  override handshake(bytes: Buffer, it?: Iterator): void {
    const start = it?.offset ?? 0;
    const key = Buffer.from(
      bytes.buffer,
      bytes.byteOffset + start,
      bytes.byteLength - start,
    ).toString("latin1");
    const known = reflected.get(key);
    if (known) {
      this.state = new known.root();
      this.decoder = new Decoder(this.state, known.context);
      return;
    }
    this.decoder = Reflection.decode(bytes, it);
    this.state = this.decoder.state;
    reflected.set(key, {
      root: this.state.constructor as new () => Schema,
      context: this.decoder.context,
    });
  }

  override patch(patches: Buffer, it?: Iterator) {
    this.onPatch?.(patches.byteLength);
    return super.patch(patches, it);
  }
}

/** Every room joined from now on decodes its state with the shared classes. */
export function shareSchemas(): void {
  registerSerializer("schema", SharedSchemaSerializer);
}

/** Counts the sizes of a joined room's patch frames from now on. */
export function onPatchFrames(room: Room, count: (bytes: number) => void): void {
  if (room.serializer instanceof SharedSchemaSerializer) room.serializer.onPatch = count;
}
