import { Decoder, Encoder } from "@colyseus/schema";
import { describe, expect, it } from "vitest";
import { TableSchema } from "../../server/room/state";

describe("the table state on the wire", () => {
  it("carries strings of every length up to 300 bytes intact, 255 included", () => {
    const state = new TableSchema();
    const encoder = new Encoder(state);
    const copy = new TableSchema();
    const decoder = new Decoder(copy);
    decoder.decode(encoder.encodeAll());
    for (let n = 250; n <= 260; n++) {
      state.startFen = "r".repeat(n);
      decoder.decode(encoder.encode());
      encoder.discardChanges();
      expect(copy.startFen).toBe(state.startFen);
      state.host = "é".repeat(Math.ceil(n / 2)).slice(0, n);
      decoder.decode(encoder.encode());
      encoder.discardChanges();
      expect(copy.host).toBe(state.host);
    }
    // And what follows the long string is still read right.
    state.startFen = "x".repeat(255);
    state.turn = 2;
    decoder.decode(encoder.encode());
    expect(copy.turn).toBe(2);
  });
});
