/**
 * What this browser keeps, each under `crossboard.<key>` in localStorage: the settings (display
 * name, language, sound, the last choices against the computer and in quick play, others'
 * phrases hidden), for each table the secret seat token and latest reconnection token
 * (tables.ts), the finished games it played or watched (games.ts), and the engine's analyses
 * of games it completed (analyses.ts). Nothing leaves the device except the tokens, sent back
 * to the table they came from. The key strings stay as they are: they hold what people saved.
 */

import { type ClockRule, parseClock } from "../../../shared/match/rules";

/** Every setting, with the type of its value. */
export interface Settings {
  /** The interface language picked (i18n takes it only if it has it). */
  readonly lang: string;
  /** The display name taken at tables. */
  readonly name: string;
  /** Sounds off. */
  readonly muted: boolean;
  /** Against the computer: the strength last picked, 0 weakest … 2 strongest. */
  readonly "cpu.strength": number;
  /** Against the computer: the turn timer last picked, seconds (0: none). */
  readonly "cpu.timer": number;
  /** Against the computer: hints offered. */
  readonly "cpu.hints": boolean;
  /** Against the computer: the clock last picked for each game (null: none). */
  readonly "cpu.clock.fourchess": ClockRule | null;
  readonly "cpu.clock.xiangqi": ClockRule | null;
  /** Quick play: the clock last picked for each game (null: none). */
  readonly "quick.clock.fourchess": ClockRule | null;
  readonly "quick.clock.xiangqi": ClockRule | null;
  /** Quick play: rated asked for last (in the rated pools, paired by rating). */
  readonly "quick.rated": boolean;
  /** Table talk: other people's phrases hidden. */
  readonly "talk.muted": boolean;
  /** The move list's letter in a corner of each xiangqi piece (on when unset). */
  readonly "pieces.letters": boolean;
  /** Xiangqi's pieces drawn as their Chinese characters or as pictures (characters when unset). */
  readonly "pieces.xiangqi": "characters" | "pictures";
}

export type SettingKey = keyof Settings;

/**
 * Every key stored: the settings, the tables this device sat at, the games it saw end, the
 * analyses it completed, the lessons' stars, the player this device is (player.ts), the
 * device's own id (deviceId.ts) and its answers to whether it would recommend each game
 * (recommend.ts).
 */
export type StoredKey =
  | SettingKey
  | "tables"
  | "games"
  | "analyses"
  | "lessons"
  | "player"
  | "device"
  | "recommend";

/** Every key this client keeps begins with it (the privacy page's "My data" lists them all). */
export const PREFIX = "crossboard.";

function store(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

export function readItem(key: StoredKey): string | null {
  return store()?.getItem(PREFIX + key) ?? null;
}

export function removeItem(key: StoredKey): void {
  try {
    store()?.removeItem(PREFIX + key);
  } catch {
    // Storage blocked: nothing was kept.
  }
}

export function writeItem(key: StoredKey, value: string): void {
  try {
    store()?.setItem(PREFIX + key, value);
  } catch {
    // Storage full or blocked: what was written lasts for this page only.
  }
}

interface Codec<T> {
  /** The value stored, or null when it is not one. */
  read(raw: string): T | null;
  write(value: T): string;
}

const text: Codec<string> = { read: (raw) => raw, write: (value) => value };
const flag: Codec<boolean> = {
  read: (raw) => (raw === "1" ? true : raw === "0" ? false : null),
  write: (value) => (value ? "1" : "0"),
};
const count: Codec<number> = { read: (raw) => Number(raw), write: (value) => String(value) };
/** A clock as `base/increment/delay` seconds, "" for none; anything else reads as none. */
const clockCodec: Codec<ClockRule | null> = {
  read: (raw) => {
    const [base, increment, delay] = raw.split("/").map(Number);
    const clock = raw === "" ? null : parseClock({ base, increment, delay });
    return clock?.ok ? clock.value : null;
  },
  write: (value) => (value ? `${value.base}/${value.increment}/${value.delay}` : ""),
};

const CODECS: { readonly [K in SettingKey]: Codec<Settings[K]> } = {
  lang: text,
  name: text,
  muted: flag,
  "cpu.strength": count,
  "cpu.timer": count,
  "cpu.hints": flag,
  "cpu.clock.fourchess": clockCodec,
  "cpu.clock.xiangqi": clockCodec,
  "quick.clock.fourchess": clockCodec,
  "quick.clock.xiangqi": clockCodec,
  "quick.rated": flag,
  "talk.muted": flag,
  "pieces.letters": flag,
  "pieces.xiangqi": {
    read: (raw) => (raw === "characters" || raw === "pictures" ? raw : null),
    write: (value) => value,
  },
};

/** A setting as saved, or null when none is. */
export function getSetting<K extends SettingKey>(key: K): Settings[K] | null {
  const raw = readItem(key);
  return raw === null ? null : CODECS[key].read(raw);
}

export function setSetting<K extends SettingKey>(key: K, value: Settings[K]): void {
  writeItem(key, CODECS[key].write(value));
}
