/**
 * Interface languages: English, Indonesian, Portuguese and Hindi. The browser's language picks
 * the first one; the choice is remembered. Every language translates every key (the type
 * system checks it); `{name}` placeholders are filled by `t`.
 *
 * A language's words come in five parts: the lobby's (and every page's), the table's, the
 * rules pages' and lessons' (learn/), the player pages' and leaderboard's (player-*.ts), and the
 * site's own pages' (privacy, feedback: site-*.ts), each a chunk of its own, English's too (the
 * source of the keys), so that a page carries the words of its reader's language only. The lobby's part of the chosen language is fetched before
 * the first screen is drawn (`langReady`) or when the reader picks it (`setLang`); the table's
 * part once a table or game is opened (`tableTexts`), and from then on with every language
 * chosen. Until a language is there the page stays in the language it shows, so every function
 * here answers at once.
 */

import type { AnyParams } from "../../../shared/core/errors";
import { ENGLISH_SEATS, type Names, renderText } from "../../../shared/core/textRender";
import type { GameId } from "../../../shared/games/catalog";
import { getSetting, setSetting } from "../device/storage";
import { registerDevanagari, useDevanagari } from "./devanagari";
import type { LobbyKey } from "./en";
import type { LearnKey } from "./learn/en";
import type { PlayerKey } from "./player-en";
import type { SiteKey } from "./site-en";
import type { TableKey } from "./table-en";

export type Lang = "en" | "id" | "pt" | "hi";
export type Key = LobbyKey | TableKey | LearnKey | PlayerKey | SiteKey;
/** A language's sentences, one per key of the English catalogue. */
export type Catalogue = Readonly<Record<Key, string>>;
type Words = Readonly<Partial<Record<Key, string>>>;

/** The languages and their names in the picker: each in its own language. */
export const LANGUAGES: Readonly<Record<Lang, { readonly name: string }>> = {
  en: { name: "English" },
  id: { name: "Bahasa Indonesia" },
  pt: { name: "Português" },
  // The Latin name too: a page in another language has no Devanagari font of its own to draw the
  // native name with (see devanagari.ts), and the picker's list may show it as boxes.
  hi: { name: "हिन्दी (Hindi)" },
};

type Part = "lobby" | "table" | "learn" | "player" | "site";

type Fetchers = Readonly<Record<Lang, () => Promise<Words>>>;

/** How each part of each language is fetched (the site's: by siteParts.ts, once wanted). */
const FETCH: Readonly<Record<Lang, Readonly<Record<Exclude<Part, "site">, () => Promise<Words>>>>> =
  {
    en: {
      lobby: () => import("./en").then((m) => m.en),
      table: () => import("./table-en").then((m) => m.enTable),
      learn: () => import("./learn/words-en").then((m) => m.enLearn),
      player: () => import("./player-en").then((m) => m.enPlayer),
    },
    id: {
      lobby: () => import("./id").then((m) => m.id),
      table: () => import("./table-id").then((m) => m.idTable),
      learn: () => import("./learn/words-id").then((m) => m.idLearn),
      player: () => import("./player-id").then((m) => m.idPlayer),
    },
    pt: {
      lobby: () => import("./pt").then((m) => m.pt),
      table: () => import("./table-pt").then((m) => m.ptTable),
      learn: () => import("./learn/words-pt").then((m) => m.ptLearn),
      player: () => import("./player-pt").then((m) => m.ptPlayer),
    },
    hi: {
      lobby: () => import("./hi").then((m) => m.hi),
      table: () => import("./table-hi").then((m) => m.hiTable),
      learn: () => import("./learn/words-hi").then((m) => m.hiLearn),
      player: () => import("./player-hi").then((m) => m.hiPlayer),
    },
  };

const fetched = new Map<string, Promise<Words>>();

/** One part of a language, fetched once; a failed fetch is tried again the next time. */
function part(next: Lang, which: Part): Promise<Words> {
  const key = `${next}:${which}`;
  let loading = fetched.get(key);
  if (!loading) {
    loading = which === "site" ? siteFetch![next]() : FETCH[next][which]();
    fetched.set(key, loading);
    loading.catch(() => fetched.delete(key));
  }
  return loading;
}

/** Whether a table has been opened: the table's words are then wanted in every language. */
let tableWanted = false;
/** Whether a rules page or a lesson has been opened: their words are then wanted too. */
let learnWanted = false;
/** Whether the "You" section, a player's page or the leaderboard has shown: their words too. */
let playerWanted = false;
/** Whether a page of the site's own (privacy, feedback) has shown: their words too. */
let siteWanted = false;
/** How the site's words are fetched: a module of its own, so that the lobby does not carry it. */
let siteFetch: Fetchers | null = null;

/** The parts of a language the page needs now, as one set of sentences. */
async function catalogue(next: Lang): Promise<Words> {
  const parts: Part[] = ["lobby"];
  if (tableWanted) parts.push("table");
  if (learnWanted) parts.push("learn");
  if (playerWanted) parts.push("player");
  if (siteWanted) parts.push("site");
  const loaded = await Promise.all(parts.map((p) => part(next, p)));
  return Object.assign({}, ...loaded) as Words;
}

/**
 * English's sentences as far as they are here: the fallback should a key be missing (the types
 * say none is), else the key itself shows.
 */
let english: Words = {};

/** The language shown, and its sentences. */
let current: Lang = "en";
let sentences: Words = {};
/** Whether the language shown has its words here (not yet, before the first screen). */
let shown = false;
/** The language last chosen; it is shown once its catalogue (and font) is there. */
let chosen: Lang = "en";
const listeners = new Set<() => void>();

export function detectLang(preferred: readonly string[]): Lang {
  for (const tag of preferred) {
    const base = tag.toLowerCase().split("-")[0];
    if (base === "in") return "id";
    if (base && base in LANGUAGES) return base as Lang;
  }
  return "en";
}

/** Picks the language to show (remembered, else the browser's); `langReady` then brings it. */
export function initLang(): Lang {
  const saved = getSetting("lang");
  chosen =
    saved && saved in LANGUAGES
      ? (saved as Lang)
      : detectLang(globalThis.navigator?.languages ?? []);
  if (typeof document !== "undefined") document.documentElement.lang = chosen;
  // The Devanagari font, fetched only once text needs it (names too).
  registerDevanagari();
  // Fetched at once, while the rest of the start runs.
  void catalogue(chosen);
  return chosen;
}

/**
 * Shows `next` once it can be drawn: its catalogue fetched and, for Hindi, its font loaded (a
 * moment, and only the first time). True when it is shown; false when another language was
 * chosen meanwhile, or its catalogue could not be fetched (the page stays as it is).
 */
async function show(next: Lang): Promise<boolean> {
  let loaded: Words;
  try {
    loaded = await catalogue(next);
    if (next === "hi") await useDevanagari();
  } catch (e) {
    console.warn(`The ${next} catalogue could not be fetched`, e);
    if (typeof document !== "undefined") document.documentElement.lang = current;
    return false;
  }
  if (chosen !== next) return false;
  current = next;
  sentences = loaded;
  shown = true;
  if (next === "en") english = loaded;
  if (typeof document !== "undefined") document.documentElement.lang = next;
  return true;
}

/**
 * Settles when the chosen language is shown, or could not be (the page is then in English):
 * the start waits for it before drawing the first screen.
 */
export async function langReady(): Promise<void> {
  if ((await show(chosen)) || shown || chosen === "en") return;
  // The chosen language could not be fetched: English, if it can be, for this visit.
  const wanted = chosen;
  chosen = "en";
  if (!(await show("en"))) chosen = wanted;
}

/**
 * Fetches the table's words in the language shown before a table, a game or its review is
 * drawn; from then on every language chosen comes with its table's words.
 */
export async function tableTexts(): Promise<void> {
  tableWanted = true;
  await show(chosen);
}

/**
 * Fetches the words of the rules pages and lessons (with the table's: a diagram's refusals are
 * the table's) before such a page is drawn; from then on they come with every language chosen.
 */
export async function learnTexts(): Promise<void> {
  tableWanted = true;
  learnWanted = true;
  await show(chosen);
}

/**
 * Fetches the words of the lobby's "You" section, the player pages and the leaderboard before
 * one is drawn; from then on they come with every language chosen.
 */
export async function playerTexts(): Promise<void> {
  playerWanted = true;
  await show(chosen);
}

/**
 * Fetches the words of the site's own pages (the privacy notice and "My data", the feedback
 * pages) before one is drawn; from then on they come with every language chosen.
 */
export async function siteTexts(): Promise<void> {
  siteFetch ??= (await import("./siteParts")).SITE_PARTS;
  siteWanted = true;
  await show(chosen);
}

/** The language shown. */
export function lang(): Lang {
  return current;
}

/**
 * Chooses a language and remembers it; the page changes to it (the `onLangChange` listeners
 * run) once it can be drawn. Settles then.
 */
export async function setLang(next: Lang): Promise<void> {
  chosen = next;
  setSetting("lang", next);
  if (next === current && shown) return;
  if (await show(next)) for (const f of listeners) f();
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
  return format(sentences[key] ?? english[key] ?? key, params);
}

/** A key with forms by number: `<base>.one`, `<base>.other` (each language has both). */
type BaseOf<K> = K extends `${infer Base}.other` ? Base : never;
export type CountKey = BaseOf<Key>;

/**
 * The plural category of `n` in the current language. Portuguese takes Portugal's rules, where
 * only 1 is singular: Brazil's CLDR rules make 0 singular too ("0 ponto"), while people write
 * "0 pontos".
 */
function pluralOf(n: number): Intl.LDMLPluralRule {
  return new Intl.PluralRules(current === "pt" ? "pt-PT" : current).select(n);
}

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
  const strings = sentences as Record<string, string>;
  const category = pluralOf(n);
  const text =
    strings[`${base}.${category}`] ??
    strings[`${base}.other`] ??
    (english as Record<string, string>)[`${base}.other`] ??
    base;
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
  const text = (sentences as Record<string, string>)[key];
  if (!text) return fallback;
  const filled = format(text, params);
  return /\{\w+\}/.test(filled) ? fallback : filled;
}

/** Params as they arrive: an object (a refusal, the archive) or a synchronised map. */
export type ParamsIn = AnyParams | ReadonlyMap<string, string | number> | undefined;

/** Where a text is read: the game (for colours) and, if known, how to name a seat's player. */
export interface TextContext {
  readonly game?: string;
  /** A seat's words: its colour and player ("Red (Ana)"); the colour alone without it. */
  readonly seat?: (seat: number) => string;
}

/** A seat's colour in the current language, by the game's order of seats. */
export function gameSeatColor(game: string | undefined, seat: number): string {
  const color = ENGLISH_SEATS[game ?? ""]?.[seat]?.toLowerCase();
  return color ? tOr(`color.${color}`, color) : String(seat);
}

function paramsObject(params: ParamsIn): AnyParams {
  const map = params as ReadonlyMap<string, string | number> | undefined;
  if (typeof map?.get !== "function" || typeof map.forEach !== "function")
    return (params ?? {}) as AnyParams;
  const out: Record<string, string | number> = {};
  map.forEach((v, k) => {
    out[k] = v;
  });
  return out;
}

/**
 * The one way a coded text (refusal, result reason, notice) is put into the reader's language:
 * `<prefix>.<code>` from the catalogue (its `.one`/`.other` form by `Intl.PluralRules` when the
 * params have a count `n`), filled by shared/core/texts.ts `renderText` with the reader's names
 * of seats, pieces and mates. A code this client does not know, or params lacking a value the
 * sentence names (an older server), give the server's English `message`.
 */
export function codedText(
  key: string,
  message: string,
  params: ParamsIn,
  ctx: TextContext = {},
): string {
  const strings = sentences as Record<string, string>;
  const values = paramsObject(params);
  let text = strings[key];
  if (Object.hasOwn(values, "n") && /^\d+$/.test(String(values.n))) {
    const category = pluralOf(Number(values.n));
    text = strings[`${key}.${category}`] ?? strings[`${key}.other`] ?? text;
  }
  if (!text) return message;
  const names: Names = {
    seat: (n) => ctx.seat?.(n) ?? gameSeatColor(ctx.game, n),
    piece: (token) => {
      const [game = "", kind = ""] = token.split(".");
      return pieceName(game, kind).toLocaleLowerCase(current);
    },
    mate: (kind) => tOr(`mate.${kind}`, kind),
  };
  const filled = renderText(text, values, names);
  return /\{\w+\}/.test(filled) ? message : filled;
}

/**
 * A refusal in the reader's language: the code's sentence with the values the server sent.
 * A code this client does not know, or a refusal without the values its sentence needs (an
 * older server), shows the server's English `message`.
 */
export function errorText(
  e: { readonly code: string; readonly message: string; readonly params?: AnyParams },
  ctx?: TextContext,
): string {
  return codedText(`error.${e.code}`, e.message, e.params, ctx);
}

/** Why a game ended, in the reader's language; a result without a code shows its message. */
export function resultText(
  r: { readonly code?: string; readonly params?: ParamsIn; readonly message: string },
  ctx?: TextContext,
): string {
  return r.code ? codedText(`reason.${r.code}`, r.message, r.params, ctx) : r.message;
}

/**
 * A notice in the reader's language; `mine` when it concerns the reader's own seat, which
 * picks the `notice.<code>.you` sentence where there is one ("Your time ran out…").
 */
export function noticeText(
  n: { readonly code: string; readonly params?: ParamsIn; readonly message: string },
  ctx?: TextContext,
  mine = false,
): string {
  const strings = sentences as Record<string, string>;
  const key = mine && strings[`notice.${n.code}.you`] ? `notice.${n.code}.you` : `notice.${n.code}`;
  return codedText(key, n.message, n.params, ctx);
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

/** A person's name as shown: one who gave none goes by the catalogue's word for a player. */
export function personName(name: string | undefined): string {
  return name?.trim() ? name : t("name.default");
}
