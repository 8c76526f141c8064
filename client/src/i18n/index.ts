/**
 * Interface languages: English, Indonesian, Portuguese and Hindi. The browser's language picks
 * the first one; the choice is remembered. Every language translates every key (the type
 * system checks it); `{name}` placeholders are filled by `t`.
 */

import type { AnyParams } from "../../../shared/core/errors";
import type { GameId } from "../../../shared/games/catalog";
import { getSetting, setSetting } from "../device/storage";
import { useDevanagari } from "./devanagari";
import { en, type Key } from "./en";
import { hi } from "./hi";
import { id } from "./id";
import { pt } from "./pt";

export type Lang = "en" | "id" | "pt" | "hi";
export type { Key };

export const LANGUAGES: Readonly<
  Record<Lang, { readonly name: string; readonly strings: Readonly<Record<Key, string>> }>
> = {
  en: { name: "English", strings: en },
  id: { name: "Bahasa Indonesia", strings: id },
  pt: { name: "Português", strings: pt },
  // The Latin name too: a page in another language has no Devanagari font of its own to draw the
  // native name with (see devanagari.ts), and the picker's list may show it as boxes.
  hi: { name: "हिन्दी (Hindi)", strings: hi },
};

let current: Lang = "en";
const listeners = new Set<() => void>();

export function detectLang(preferred: readonly string[]): Lang {
  for (const tag of preferred) {
    const base = tag.toLowerCase().split("-")[0];
    if (base === "in") return "id";
    if (base && base in LANGUAGES) return base as Lang;
  }
  return "en";
}

export function initLang(): Lang {
  const saved = getSetting("lang");
  current =
    saved && saved in LANGUAGES
      ? (saved as Lang)
      : detectLang(globalThis.navigator?.languages ?? []);
  if (typeof document !== "undefined") document.documentElement.lang = current;
  return current;
}

/** Settles when the current language can be drawn: at once, or once Hindi's font is there. */
export function langReady(): Promise<void> {
  return current === "hi" ? useDevanagari() : Promise.resolve();
}

export function lang(): Lang {
  return current;
}

export function setLang(next: Lang): void {
  current = next;
  setSetting("lang", next);
  if (typeof document !== "undefined") document.documentElement.lang = next;
  // The page changes language once the new one can be drawn (langReady).
  void langReady().then(() => {
    if (current === next) for (const f of listeners) f();
  });
}

export function onLangChange(f: () => void): () => void {
  listeners.add(f);
  return () => listeners.delete(f);
}

export function format(
  text: string,
  params: Readonly<Record<string, string | number>> = {},
): string {
  return text.replace(/\{(\w+)\}/g, (_, k: string) => (k in params ? String(params[k]) : `{${k}}`));
}

export function t(key: Key, params?: Readonly<Record<string, string | number>>): string {
  return format(LANGUAGES[current].strings[key] ?? en[key], params);
}

/** A key with forms by number: `<base>.one`, `<base>.other` (each language has both). */
type BaseOf<K> = K extends `${infer Base}.other` ? Base : never;
export type CountKey = BaseOf<Key>;

/**
 * The form of `base` for the number `n` in the current language (Intl.PluralRules: "1 second",
 * "2 seconds"); a category the catalogue has no form for (Portuguese's "many") takes `other`.
 * `{n}` is filled with `n`.
 */
export function tCount(
  base: CountKey,
  n: number,
  params?: Readonly<Record<string, string | number>>,
): string {
  const strings = LANGUAGES[current].strings as Record<string, string>;
  const category = new Intl.PluralRules(current).select(n);
  const text = strings[`${base}.${category}`] ?? strings[`${base}.other`] ?? en[`${base}.other`];
  return format(text, { n, ...params });
}

/**
 * A translation for a dynamic key (error codes, levels) with an English fallback text, which is
 * also what shows when `params` lack a value the translation names.
 */
export function tOr(
  key: string,
  fallback: string,
  params?: Readonly<Record<string, string | number>>,
): string {
  const text = (LANGUAGES[current].strings as Record<string, string>)[key];
  if (!text) return fallback;
  const filled = format(text, params);
  return /\{\w+\}/.test(filled) ? fallback : filled;
}

/**
 * A refusal in the reader's language: the code's sentence with the values the server sent.
 * A code this client does not know, or a refusal without the values its sentence needs (an
 * older server), shows the server's English `message`.
 */
export function errorText(e: {
  readonly code: string;
  readonly message: string;
  readonly params?: AnyParams;
}): string {
  return tOr(`error.${e.code}`, e.message, e.params);
}

/** A piece's name in the current language: xiangqi's own names, else the chess ones. */
export function pieceName(game: string, kind: string): string {
  return tOr(`piece.${game}.${kind}`, tOr(`piece.${kind}`, kind));
}

/** A game's name, with the format where the game has several: "Four-player chess · Teams". */
export function gameName(game: GameId, format: string): string {
  const name = t(`game.${game}`);
  if (game !== "fourchess") return name;
  return `${name} · ${t(format === "individual" ? "format.individual" : "format.teams")}`;
}
