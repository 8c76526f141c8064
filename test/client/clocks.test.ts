import { afterEach, describe, expect, it } from "vitest";
import { setLang } from "../../client/src/i18n";
import { Cues, nextIsMine, seatAfter, turnCue } from "../../client/src/model/cues";
import type { Me } from "../../client/src/model/facts";
import { ClockFaces, clockFace, clockText } from "../../client/src/model/gameClock";
import { clockLabel } from "../../client/src/parts/clockField";
import type { SeatView, TableView } from "../../shared/protocol/views";
import { packMove } from "../../shared/protocol/wire";

const seat = (clock: number, out = ""): SeatView => ({
  color: "red",
  rating: 0,
  provisional: false,
  delta: 0,
  kind: "human",
  name: "",
  player: "",
  connected: true,
  standIn: false,
  level: "",
  score: 0,
  out,
  used: 0,
  clock,
});

type Clocked = Parameters<typeof clockFace>[0] & Parameters<typeof turnCue>[0];

const table = (over: Partial<Clocked> = {}): Clocked => ({
  game: "xiangqi",
  mode: "online",
  phase: "playing",
  turn: 0,
  clockBase: 1_000_000,
  turnStarted: 5_000,
  gameNumber: 1,
  moves: [],
  seats: [seat(60_000), seat(45_000)],
  rules: { clock: { base: 60, increment: 2, delay: 0 } } as TableView["rules"],
  ...over,
});
const me = (seats: number[]): Me => ({ player: "p", seats, host: false, spectator: !seats.length });
/** The server's time this long into the running turn. */
const into = (s: Clocked, ms: number) => s.clockBase + s.turnStarted + ms;

describe("the game clocks", () => {
  it("count down only for the seat to move, from the turn's start", () => {
    const s = table();
    expect(clockFace(s, 0, into(s, 1500))).toEqual({
      ms: 58_500,
      running: true,
      delayMs: 0,
      low: false,
    });
    // The other seat's clock stands as the state gives it.
    expect(clockFace(s, 1, into(s, 1500))).toMatchObject({ ms: 45_000, running: false });
    expect(clockFace(s, 0, into(s, 70_000))?.ms).toBe(0);
    expect(clockFace({ ...s, phase: "finished" }, 0, into(s, 1500))).toMatchObject({
      ms: 60_000,
      running: false,
    });
    expect(clockFace({ ...s, rules: { clock: undefined } as TableView["rules"] }, 0, 0)).toBeNull();
  });

  it("do not count the turn's delay, and say what is left of it", () => {
    const s = table({
      rules: { clock: { base: 60, increment: 0, delay: 15 } } as TableView["rules"],
    });
    expect(clockFace(s, 0, into(s, 10_000))).toMatchObject({ ms: 60_000, delayMs: 5000 });
    expect(clockFace(s, 0, into(s, 20_000))).toMatchObject({ ms: 55_000, delayMs: 0 });
  });

  it("turn red under ten seconds and show tenths there", () => {
    const s = table();
    expect(clockFace(s, 0, into(s, 50_001))?.low).toBe(true);
    expect(clockFace(s, 0, into(s, 50_000))?.low).toBe(false);
    expect(clockText(600_000)).toBe("10:00");
    expect(clockText(59_999)).toBe("0:59");
    expect(clockText(10_000)).toBe("0:10");
    expect(clockText(9_999)).toBe("0:09.9");
    expect(clockText(450)).toBe("0:00.4");
    expect(clockText(-5)).toBe("0:00.0");
    expect(clockText(5_400_000)).toBe("1:30:00");
  });

  it("never go back up within a turn, and start from the server's figures at the next", () => {
    const faces = new ClockFaces();
    const s = table();
    expect(faces.faces(s, into(s, 3000))[0]?.ms).toBe(57_000);
    // The server came back after a restart and charged less than was shown: the clock holds.
    const back = { ...s, seats: [seat(58_500), seat(45_000)], turnStarted: 9_000 };
    expect(faces.faces(back, into(back, 0))[0]?.ms).toBe(57_000);
    expect(faces.faces(back, into(back, 2000))[0]?.ms).toBe(56_500);
    // The next turn: the mover's increment is there at once.
    const next = {
      ...back,
      turn: 1,
      moves: [packMove({ seat: 0 })],
      seats: [seat(58_500), seat(45_000)],
    };
    expect(faces.faces(next, into(next, 0)).map((f) => f?.ms)).toEqual([58_500, 45_000]);
  });

  describe("in words", () => {
    afterEach(() => setLang("en"));

    it("name the common controls as players say them, in every language", async () => {
      expect(clockLabel({ base: 180, increment: 2, delay: 0 })).toBe("3 min + 2 s a move");
      expect(clockLabel({ base: 60, increment: 0, delay: 15 })).toBe("1 min + 15 s delay");
      expect(clockLabel({ base: 150, increment: 0, delay: 0 })).toBe("2 min 30 s");
      expect(clockLabel({ base: 45, increment: 5, delay: 0 })).toBe("45 s + 5 s a move");
      await setLang("id");
      expect(clockLabel({ base: 600, increment: 5, delay: 0 })).toBe("10 mnt + 5 dtk per langkah");
      await setLang("pt");
      expect(clockLabel({ base: 60, increment: 0, delay: 15 })).toBe("1 min + 15 s de atraso");
      await setLang("hi");
      expect(clockLabel({ base: 300, increment: 5, delay: 0 })).toBe("5 मिनट + हर चाल पर 5 सेकंड");
    });
  });
});

describe("the turn's cues", () => {
  const four = (turn: number, out: string[] = ["", "", "", ""]): Clocked =>
    table({ game: "fourchess", turn, seats: out.map((o) => seat(60_000, o)) });

  it("chime once when the turn comes, and not for the others' turns", () => {
    const cues = new Cues();
    const s = table({ turn: 1 });
    expect(cues.take(s, me([1]))).toBe("turn");
    expect(cues.take(s, me([1]))).toBeNull();
    expect(cues.take({ ...s, turn: 0, moves: [packMove({ seat: 1 })] }, me([1]))).toBeNull();
    expect(
      cues.take({ ...s, turn: 1, moves: [packMove({ seat: 1 }), packMove({ seat: 0 })] }, me([1])),
    ).toBe("turn");
    // Watching, at one device for both sides, or before the start: nothing.
    expect(turnCue(s, me([]))).toBeNull();
    expect(turnCue({ ...s, mode: "hotseat" }, me([0, 1]))).toBeNull();
    expect(turnCue({ ...s, phase: "waiting" }, me([1]))).toBeNull();
  });

  it("in four-player chess say quietly that you are next, skipping seats that are out", () => {
    expect(seatAfter(four(3), 3)).toBe(0);
    expect(nextIsMine(four(0), me([1]))).toBe(true);
    expect(nextIsMine(four(0), me([2]))).toBe(false);
    expect(nextIsMine(four(0, ["", "resigned", "", ""]), me([2]))).toBe(true);
    expect(turnCue(four(3), me([0]))?.cue).toBe("next");
    // Xiangqi has two seats: the turn itself is the cue.
    expect(nextIsMine(table({ turn: 0 }), me([1]))).toBe(false);
    const cues = new Cues();
    expect(cues.take(four(0), me([1]))).toBe("next");
    expect(cues.take(four(0), me([1]))).toBeNull();
    expect(cues.take({ ...four(1), moves: [packMove({ seat: 0 })] }, me([1]))).toBe("turn");
  });

  it("warn of your own clock running low once a turn", () => {
    const cues = new Cues();
    const s = table();
    expect(cues.lowTime(s, me([0]), false)).toBe(false);
    expect(cues.lowTime(s, me([0]), true)).toBe(true);
    expect(cues.lowTime(s, me([0]), true)).toBe(false);
    expect(cues.lowTime(s, me([1]), true)).toBe(false);
    expect(
      cues.lowTime({ ...s, moves: [packMove({ seat: 0 }), packMove({ seat: 1 })] }, me([0]), true),
    ).toBe(true);
  });
});
