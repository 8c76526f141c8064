import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { setLang, tableTexts, tCount } from "../../client/src/i18n";
import type { Me } from "../../client/src/model/facts";
import { aloneAtQuick, quickWait, waitsForRated } from "../../client/src/model/quick";
import { rematchOf } from "../../client/src/model/rematch";
import { BUBBLE_MS, TableTalk } from "../../client/src/model/talk";
import type { OfferView, SeatView, TableView } from "../../shared/protocol/views";

const seat = (kind: SeatView["kind"], player = "", name = ""): SeatView => ({
  color: "red",
  rating: 0,
  provisional: false,
  delta: 0,
  kind,
  name,
  player,
  connected: kind === "human",
  standIn: false,
  level: "",
  score: 0,
  out: "",
  used: 0,
  clock: 0,
});
const me = (player: string | null, seats: number[]): Me => ({
  player,
  seats,
  host: false,
  spectator: seats.length === 0,
});
const open = () => seat("open");
const ana = seat("human", "p-ana", "Ana");
const budi = seat("human", "p-budi", "Budi");
const citra = seat("human", "p-citra", "Citra");

type Quick = Pick<TableView, "mode" | "phase" | "seats" | "autoStart">;
const quick = (seats: SeatView[], autoStart = 0): Quick => ({
  mode: "quick",
  phase: "waiting",
  seats,
  autoStart,
});

describe("a waiting quick-play table", () => {
  it("tells a person sitting alone that they may play now, and nobody else", () => {
    const t = quick([ana, open(), open(), open()]);
    expect(aloneAtQuick(t, me("p-ana", [0]))).toBe(true);
    expect(quickWait(t, me("p-ana", [0]), 0)).toEqual({ kind: "alone" });
    expect(aloneAtQuick(t, me("p-x", []))).toBe(false);
    expect(quickWait(t, me("p-x", []), 0)).toEqual({ kind: "waiting" });
    expect(aloneAtQuick({ ...t, mode: "online" }, me("p-ana", [0]))).toBe(false);
  });

  it("counts down in whole seconds on the server's clock, then says it is starting", () => {
    const t = quick([ana, budi, open(), open()], 100_000);
    const ana0 = me("p-ana", [0]);
    expect(quickWait(t, ana0, 70_000)).toEqual({ kind: "counting", seconds: 30 });
    expect(quickWait(t, ana0, 70_001)).toEqual({ kind: "counting", seconds: 30 });
    expect(quickWait(t, ana0, 99_001)).toEqual({ kind: "counting", seconds: 1 });
    expect(quickWait(t, ana0, 100_000)).toEqual({ kind: "starting" });
    expect(quickWait(t, me(null, []), 90_000)).toEqual({ kind: "counting", seconds: 10 });
  });

  it("at a rated table: no play now against CPUs, a wait for people that casual play may end", () => {
    const rated = { ...quick([ana, open(), open(), open()]), rules: { rated: true } };
    const ana0 = me("p-ana", [0]);
    expect(aloneAtQuick(rated, ana0)).toBe(false);
    expect(quickWait(rated, ana0, 0)).toEqual({ kind: "rated" });
    expect(waitsForRated(rated, ana0)).toBe(true);
    // Watching is not waiting; a full table starts; a casual table has its own way out.
    expect(waitsForRated(rated, me("p-x", []))).toBe(false);
    expect(waitsForRated({ ...rated, seats: [ana, budi, citra, ana] }, ana0)).toBe(false);
    expect(waitsForRated({ ...rated, rules: { rated: false } }, ana0)).toBe(false);
    expect(waitsForRated({ ...rated, phase: "playing" }, ana0)).toBe(false);
  });

  it("is nothing special once it plays, or at a table with a host", () => {
    expect(quickWait({ ...quick([ana, budi]), phase: "playing" }, me("p-ana", [0]), 0)).toBeNull();
    expect(quickWait({ ...quick([ana, open()]), mode: "online" }, me("p-ana", [0]), 0)).toBeNull();
  });
});

describe("the next game by consent", () => {
  const finished = (seats: SeatView[], offer?: Partial<OfferView>) =>
    ({
      mode: "online",
      phase: "finished",
      seats,
      offer: offer
        ? ({ kind: "rematch", seat: 0, needed: [], agreed: [], plies: 0, ...offer } as OfferView)
        : undefined,
    }) as Pick<TableView, "mode" | "phase" | "offer" | "seats">;

  it("offers to ask, saying whether others must agree", () => {
    expect(rematchOf(finished([ana, budi]), me("p-ana", [0]))).toEqual({
      kind: "none",
      canAsk: true,
      others: true,
    });
    expect(rematchOf(finished([ana, seat("cpu")]), me("p-ana", [0]))).toEqual({
      kind: "none",
      canAsk: true,
      others: false,
    });
    expect(rematchOf(finished([ana, budi]), me(null, []))).toMatchObject({ canAsk: false });
    expect(rematchOf({ ...finished([ana, budi]), phase: "playing" }, me("p-ana", [0]))).toBeNull();
  });

  it("asks those who have not agreed, and tells the others whom it waits for", () => {
    const t = finished([ana, budi, citra], { seat: 0, needed: [1, 2], agreed: [2] });
    expect(rematchOf(t, me("p-budi", [1]))).toMatchObject({
      kind: "asked",
      asker: "Ana",
      mine: false,
      answer: true,
      agreed: false,
      waitingFor: ["Budi"],
    });
    expect(rematchOf(t, me("p-ana", [0]))).toMatchObject({
      mine: true,
      answer: false,
      agreed: true,
    });
    expect(rematchOf(t, me("p-citra", [2]))).toMatchObject({ answer: false, agreed: true });
    expect(rematchOf(t, me(null, []))).toMatchObject({ answer: false, agreed: false });
  });

  it("knows a free seat keeps a table with a host waiting once everyone agreed", () => {
    const t = finished([ana, open()], { seat: 0, needed: [], agreed: [] });
    expect(rematchOf(t, me("p-ana", [0]))).toMatchObject({ freeSeat: true, agreed: true });
    expect(rematchOf({ ...t, mode: "quick" }, me("p-ana", [0]))).toMatchObject({ freeSeat: false });
  });
});

describe("table talk", () => {
  it("knows its own phrases, from a seat or (by the echo) as a spectator", () => {
    const talk = new TableTalk(false);
    expect(talk.hear({ phrase: "hello", seat: 1, name: "Budi" }, [1], 0)?.mine).toBe(true);
    expect(talk.hear({ phrase: "hello", seat: 0, name: "Ana" }, [1], 0)?.mine).toBe(false);
    talk.sent("thanks", 0);
    expect(talk.hear({ phrase: "oops", seat: -1, name: "Cai" }, [], 10)?.mine).toBe(false);
    expect(talk.hear({ phrase: "thanks", seat: -1, name: "Cai" }, [], 20)?.mine).toBe(true);
    expect(talk.hear({ phrase: "thanks", seat: -1, name: "Dewi" }, [], 30)?.mine).toBe(false);
  });

  it("shows a bubble by a seat for a while, never for a spectator", () => {
    const talk = new TableTalk(false);
    talk.hear({ phrase: "hello", seat: 0, name: "Ana" }, [], 0);
    talk.hear({ phrase: "good-luck", seat: 0, name: "Ana" }, [], 100);
    talk.hear({ phrase: "oops", seat: -1, name: "Cai" }, [], 100);
    expect([...talk.bubbles(200)].map(([s, l]) => [s, l.phrase])).toEqual([[0, "good-luck"]]);
    expect(talk.bubbles(100 + BUBBLE_MS).size).toBe(0);
    expect(talk.recent(2).map((l) => l.phrase)).toEqual(["good-luck", "oops"]);
  });

  it("hides the others' phrases when muted, and shows them again when not", () => {
    const talk = new TableTalk(true);
    expect(talk.hear({ phrase: "hello", seat: 0, name: "Ana" }, [1], 0)).toBeNull();
    expect(talk.hear({ phrase: "thanks", seat: 1, name: "Budi" }, [1], 0)?.phrase).toBe("thanks");
    expect(talk.recent(5).map((l) => l.name)).toEqual(["Budi"]);
    expect([...talk.bubbles(1).keys()]).toEqual([1]);
    talk.muted = false;
    expect(talk.recent(5).map((l) => l.name)).toEqual(["Ana", "Budi"]);
  });
});

describe("numbers in words", () => {
  // The table's words, as a table page has them.
  beforeAll(() => tableTexts());

  afterEach(() => setLang("en"));

  it("takes the form each language uses for the number", async () => {
    expect(tCount("quick.startsIn", 1)).toMatch(/^Starts in 1 second —/);
    expect(tCount("quick.startsIn", 12)).toMatch(/^Starts in 12 seconds —/);
    await setLang("pt");
    expect(tCount("table.watchersCount", 1)).toBe("1 pessoa assistindo");
    expect(tCount("table.watchersCount", 3)).toBe("3 pessoas assistindo");
    // Portuguese's "many" (a million) takes the other form.
    expect(tCount("table.watchersCount", 1_000_000)).toBe("1000000 pessoas assistindo");
    await setLang("hi");
    expect(tCount("table.watchersCount", 0)).toBe("0 व्यक्ति देख रहा है");
  });
});
