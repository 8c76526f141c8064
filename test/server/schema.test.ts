import { Decoder, Encoder } from "@colyseus/schema";
import { describe, expect, it } from "vitest";
import { TableState } from "../../server/state";

describe("the table state on the wire", () => {
  it("carries strings of every length up to 300 bytes intact, 255 included", () => {
    const state = new TableState();
    const encoder = new Encoder(state);
    const copy = new TableState();
    const decoder = new Decoder(copy);
    decoder.decode(encoder.encodeAll());
    for (let n = 250; n <= 260; n++) {
      state.fen = "r".repeat(n);
      decoder.decode(encoder.encode());
      encoder.discardChanges();
      expect(copy.fen).toBe(state.fen);
      state.host = "é".repeat(Math.ceil(n / 2)).slice(0, n);
      decoder.decode(encoder.encode());
      encoder.discardChanges();
      expect(copy.host).toBe(state.host);
    }
    // And what follows the long string is still read right.
    state.fen = "x".repeat(255);
    state.turn = 2;
    decoder.decode(encoder.encode());
    expect(copy.turn).toBe(2);
  });
});
