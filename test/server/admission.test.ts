import { describe, expect, it } from "vitest";
import {
  admit,
  PENDING_PER_ADDRESS,
  PENDING_PER_PLAYER,
  type Pending,
  type TableNow,
} from "../../server/table/admission";
import { unwrap } from "../../shared/core/result";
import { createMatch, type Match } from "../../shared/match/match";
import { setupOf, startGame } from "../../shared/match/replay";
import { defaultRules } from "../../shared/match/rules";
import type { JoinOptions } from "../../shared/protocol/messages";

const waiting = createMatch({ game: "fourchess", rules: defaultRules("fourchess") });
const playing: Match = {
  ...waiting,
  phase: "playing",
  game: unwrap(startGame("fourchess", setupOf(waiting.rules))).game,
};

const table = (match: Match, watching = 0): TableNow => ({
  match,
  watching,
  maxSpectators: 5,
  playerOf: (token) => (token === "A".repeat(22) ? "p1" : undefined),
});
const join = (o: Partial<JoinOptions>): JoinOptions => ({
  name: "X",
  spectate: false,
  seatToken: null,
  seat: null,
  playerKey: null,
  ...o,
});
const many = (n: number, p: Pending): Pending[] => Array.from({ length: n }, () => p);
const spectator = (address: string): Pending => ({ kind: "spectator", address, player: "" });
const codeOf = (r: ReturnType<typeof admit>) => (r.ok ? r.value.kind : r.error.code);

describe("which seat reservations a table takes", () => {
  it("takes a seat-token holder whatever the spectators and the address have reserved", () => {
    const full = many(PENDING_PER_ADDRESS, spectator("1.1.1.1"));
    const holder = join({ seatToken: "A".repeat(22) });
    expect(codeOf(admit(holder, "1.1.1.1", full, table(playing, 5)))).toBe("holder");
    const own = many(PENDING_PER_PLAYER, { kind: "holder", address: "2.2.2.2", player: "p1" });
    expect(codeOf(admit(holder, "3.3.3.3", own, table(playing)))).toBe("table/joins-pending");
  });

  it("bounds each address, and the spectators with those still on their way", () => {
    const mine = many(PENDING_PER_ADDRESS, spectator("1.1.1.1"));
    const watch = join({ spectate: true });
    expect(codeOf(admit(watch, "1.1.1.1", mine, table(playing)))).toBe("table/joins-pending");
    expect(codeOf(admit(watch, "9.9.9.9", many(2, spectator("2.2.2.2")), table(playing, 3)))).toBe(
      "table/full",
    );
    expect(codeOf(admit(watch, "9.9.9.9", many(1, spectator("2.2.2.2")), table(playing, 3)))).toBe(
      "spectator",
    );
  });

  it("keeps a place for each open seat before the start, then counts newcomers as spectators", () => {
    const sitters = many(4, { kind: "sitter", address: "2.2.2.2", player: "" });
    expect(codeOf(admit(join({ seat: "any" }), "9.9.9.9", [], table(waiting, 5)))).toBe("sitter");
    expect(codeOf(admit(join({}), "9.9.9.9", sitters, table(waiting, 4)))).toBe("spectator");
    expect(codeOf(admit(join({}), "9.9.9.9", sitters, table(waiting, 5)))).toBe("table/full");
    expect(codeOf(admit(join({}), "9.9.9.9", [], table(playing, 5)))).toBe("table/full");
  });
});
