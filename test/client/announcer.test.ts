/**
 * The announcer (client/src/ui/announcer.ts): messages arriving together are joined in order
 * into one utterance, nothing wipes anything, an event is said once, the same words are not said
 * twice in a row, and urgent words go to their own region.
 */
import { describe, expect, it } from "vitest";
import { Announcer, JOIN_MS, joinTexts, REPEAT_MS } from "../../client/src/ui/announcer";

/** An announcer on a hand-driven clock, with what it wrote. */
function rig() {
  let now = 1000;
  const timers: { at: number; run: () => void }[] = [];
  const said: { urgent: boolean; text: string }[] = [];
  const a = new Announcer(
    (urgent, text) => said.push({ urgent, text }),
    (run, ms) => timers.push({ at: now + ms, run }),
    () => now,
  );
  const advance = (ms: number) => {
    now += ms;
    for (;;) {
      const i = timers.findIndex((x) => x.at <= now);
      if (i < 0) break;
      timers.splice(i, 1)[0]!.run();
    }
  };
  return { a, said, advance };
}

describe("the announcer", () => {
  it("joins messages arriving together, in order, into one utterance", () => {
    const { a, said, advance } = rig();
    a.say("Blue (CPU): pawn b7 to c7. Yellow to move.");
    a.say("Check!");
    a.say("Your turn");
    expect(said).toEqual([]);
    advance(JOIN_MS);
    expect(said).toEqual([
      { urgent: false, text: "Blue (CPU): pawn b7 to c7. Yellow to move. Check! Your turn." },
    ]);
  });

  it("says a message alone as it is", () => {
    const { a, said, advance } = rig();
    a.say("  Link copied ");
    advance(JOIN_MS);
    expect(said).toEqual([{ urgent: false, text: "Link copied" }]);
  });

  it("never lets a later message wipe an earlier one", () => {
    const { a, said, advance } = rig();
    a.say("one");
    advance(JOIN_MS - 10);
    a.say("two");
    advance(10);
    a.say("three");
    advance(JOIN_MS);
    expect(said.map((s) => s.text)).toEqual(["one. two.", "three"]);
  });

  it("says an event with a key once, however often it is reported", () => {
    const { a, said, advance } = rig();
    a.say("Red (Ana): pawn h2 to h4. Blue to move.", { key: "move|1|0" });
    advance(JOIN_MS);
    a.say("Red (Ana): pawn h2 to h4. Blue to move.", { key: "move|1|0" });
    advance(REPEAT_MS * 10);
    a.say("Red (Ana): pawn h2 to h4. Blue to move.", { key: "move|1|0" });
    advance(JOIN_MS);
    expect(said).toHaveLength(1);
    // Another event in the same words is said.
    a.say("Red (Ana): pawn h2 to h4. Blue to move.", { key: "move|2|0" });
    advance(JOIN_MS);
    expect(said).toHaveLength(2);
  });

  it("does not repeat the same words at once, but says them again later", () => {
    const { a, said, advance } = rig();
    a.say("Your turn");
    a.say("Your turn");
    advance(JOIN_MS);
    a.say("Your turn");
    advance(JOIN_MS);
    expect(said.map((s) => s.text)).toEqual(["Your turn"]);
    advance(REPEAT_MS);
    a.say("Your turn");
    advance(JOIN_MS);
    expect(said.map((s) => s.text)).toEqual(["Your turn", "Your turn"]);
  });

  it("says words heard again after others in between", () => {
    const { a, said, advance } = rig();
    for (const square of ["a1", "b1", "a1"]) {
      a.say(square);
      advance(JOIN_MS);
    }
    expect(said.map((s) => s.text)).toEqual(["a1", "b1", "a1"]);
  });

  it("replaces a waiting message of the same group", () => {
    const { a, said, advance } = rig();
    a.say("Blue to move.");
    a.say("a1", { group: "square" });
    a.say("b1", { group: "square" });
    advance(JOIN_MS);
    expect(said.map((s) => s.text)).toEqual(["Blue to move. b1."]);
  });

  it("says urgent words in their own region, apart from the polite ones", () => {
    const { a, said, advance } = rig();
    a.say("Green (CPU): rook n4 to m4. Red to move.");
    a.say("Under 10 seconds left on your clock", { urgent: true, key: "low|1|3|0" });
    a.say("Under 10 seconds left on your clock", { urgent: true, key: "low|1|3|0" });
    advance(JOIN_MS);
    expect(said).toEqual([
      { urgent: false, text: "Green (CPU): rook n4 to m4. Red to move." },
      { urgent: true, text: "Under 10 seconds left on your clock" },
    ]);
  });

  it("ends joined sentences in any script", () => {
    expect(joinTexts(["अब लाल की बारी।", "आपकी बारी"])).toBe("अब लाल की बारी। आपकी बारी।");
  });
});
