/**
 * Move, capture, your-turn, you're-next and low-time sounds, synthesised with Web Audio so the client ships no sound
 * files. Muting is remembered on the device.
 */
import { isMuted } from "./mute";

export { isMuted, setMuted } from "./mute";

export type Sound = "move" | "capture" | "turn" | "next" | "low" | "end";

const NOTES: Readonly<Record<Sound, readonly [number, number, number][]>> = {
  // [frequency Hz, start s, length s]
  move: [[520, 0, 0.06]],
  capture: [
    [330, 0, 0.07],
    [220, 0.05, 0.09],
  ],
  turn: [
    [660, 0, 0.08],
    [880, 0.09, 0.1],
  ],
  // One soft note: the seat before yours is to move.
  next: [[587, 0, 0.07]],
  // Two short high beeps: your clock is under ten seconds.
  low: [
    [988, 0, 0.05],
    [988, 0.12, 0.05],
  ],
  end: [
    [523, 0, 0.12],
    [659, 0.12, 0.12],
    [784, 0.24, 0.2],
  ],
};

/** How loud each sound peaks (the you're-next cue is meant to be heard, not to startle). */
const PEAK: Readonly<Partial<Record<Sound, number>>> = { next: 0.06 };

let context: AudioContext | null = null;
/** Told of every sound played (the test hooks keep a log). */
let listener: ((sound: Sound) => void) | null = null;

export function onSound(f: ((sound: Sound) => void) | null): void {
  listener = f;
}

export function play(sound: Sound): void {
  if (isMuted()) return;
  listener?.(sound);
  try {
    context ??= new AudioContext();
    const ctx = context;
    if (ctx.state === "suspended") void ctx.resume();
    for (const [freq, start, length] of NOTES[sound]) {
      const osc = ctx.createOscillator();
      const gain = ctx.createGain();
      osc.type = "triangle";
      osc.frequency.value = freq;
      const t = ctx.currentTime + start;
      gain.gain.setValueAtTime(0.0001, t);
      gain.gain.exponentialRampToValueAtTime(PEAK[sound] ?? 0.2, t + 0.01);
      gain.gain.exponentialRampToValueAtTime(0.0001, t + length);
      osc.connect(gain).connect(ctx.destination);
      osc.start(t);
      osc.stop(t + length + 0.02);
    }
  } catch {
    // No audio on this device; the game goes on silently.
  }
}
