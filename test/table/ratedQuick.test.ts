/**
 * A rated quick-play table takes strangers near its people's rating: within 150 points at
 * first, wider as it waits, anyone after 30 seconds; and never starts with a CPU in a seat.
 */
import { describe, expect, it } from "vitest";
import type { PlayerRecord } from "../../server/store/types";
import { START } from "../../shared/rating/glicko2";
import { connection, rig } from "./rig";

const player = (id: string, rating: number): PlayerRecord => ({
  id,
  name: id.slice(0, 4),
  createdAt: 0,
  seenAt: 0,
  ratings: {
    xiangqi: { ...START, rating, rd: 60, games: 30, at: 0 },
    teams: START,
    individual: START,
  },
});

describe("a rated quick-play table", () => {
  it("takes people near its own first, anyone after 30 seconds", () => {
    const r = rig({ game: "xiangqi", mode: "quick" }, { rules: { rated: true } });
    r.clock.now = 1_700_000_000_000;
    const ana = connection();
    r.connections.push(ana);
    r.table.join(
      ana,
      { name: "Ana", spectate: false, seatToken: null, seat: "any", playerKey: null },
      "10.0.0.1",
      player("Ana_playerid", 1800),
    );
    expect(r.table.match.seats[0]).toMatchObject({ kind: "human", player: "Ana_playerid" });
    // Within 150 points: a seat is kept; 400 points away: not yet.
    expect(r.table.holdSeat("10.0.0.2", 1700)).toBe("kept");
    expect(r.table.holdSeat("10.0.0.3", 1400)).toBe("far");
    // A casual asker never gets a rated seat.
    expect(r.table.holdSeat("10.0.0.4", null)).toBe("far");
    // Wider as the table waits: 10 s in, 400 points is still too far; 20 s in, it is taken
    // (the first asker's kept seat lapsed unused meanwhile).
    r.clock.advance(10_000);
    expect(r.table.holdSeat("10.0.0.3", 1400)).toBe("far");
    r.clock.advance(10_000);
    expect(r.table.holdSeat("10.0.0.3", 1400)).toBe("kept");
    // 1100 points away is too far even then; anyone is taken after 30 s.
    expect(r.table.holdSeat("10.0.0.5", 700)).toBe("far");
    r.clock.advance(16_000);
    expect(r.table.holdSeat("10.0.0.5", 700)).toBe("kept");
  });

  it("never starts with a CPU in an empty seat, however long it waits", () => {
    const r = rig({ game: "fourchess", mode: "quick" }, { rules: { rated: true } });
    for (const [i, id] of ["Ana_playerid", "Budi_playeri"].entries()) {
      const c = connection();
      r.connections.push(c);
      r.table.join(
        c,
        { name: id.slice(0, 4), spectate: false, seatToken: null, seat: "any", playerKey: null },
        `10.0.0.${i + 1}`,
        player(id, 1500),
      );
    }
    expect(r.table.match.seats.filter((s) => s.kind === "human")).toHaveLength(2);
    r.clock.advance(10 * 60_000);
    expect(r.table.match.phase).toBe("waiting");
    expect(r.table.match.autoStart).toBeNull();
  });
});
