/**
 * The site around the games: what the server keeps and for how long (`GET /api/privacy`),
 * feedback published with its answer (`/api/feedback`, the operator's desk), erasure on request
 * (`POST /api/erase`) and players' recommendations (`/api/recommend`, `/api/recommendations`).
 * Shapes and checks shared by the server and the client; docs/protocol.md describes each route.
 */
import { GAME_IDS, type GameId, isGameId } from "../games/catalog";
import { PLAYER_KEY } from "../rating/types";

/** How long the running server keeps each thing (`GET /api/privacy`); 0 days: kept until erased. */
export interface PrivacyFacts {
  /** Finished games (`ARCHIVE_DAYS`; 0: kept until erased). */
  readonly archiveDays: number;
  /** A table nobody is at waits this long for someone to come back (`TABLE_KEEP_DAYS`). */
  readonly tableKeepDays: number;
  /** A dropped connection may resume its seat this long (`SEAT_HOLD_SECONDS`). */
  readonly seatHoldSeconds: number;
  /** Feedback (`FEEDBACK_DAYS`; 0: kept until erased). */
  readonly feedbackDays: number;
  /** Addresses are kept in memory only, as a keyed hash whose key changes this often. */
  readonly addressKeyHours: number;
  /** Whether players (rated play) exist on this server. */
  readonly players: boolean;
  /** Whether anyone answers feedback here (`FEEDBACK_PASSWORD` set). */
  readonly desk: boolean;
  /** Where to write about one's data (`CONTACT_EMAIL`), or null. */
  readonly contact: string | null;
}

export const FEEDBACK_KINDS = ["problem", "setting", "other"] as const;
export type FeedbackKind = (typeof FEEDBACK_KINDS)[number];
export const FEEDBACK_STATUSES = ["new", "planned", "done", "declined"] as const;
export type FeedbackStatus = (typeof FEEDBACK_STATUSES)[number];
/** The interface languages feedback may be written in. */
export const FEEDBACK_LANGUAGES = ["en", "id", "pt", "hi"] as const;
export type FeedbackLanguage = (typeof FEEDBACK_LANGUAGES)[number];

/** Longest feedback text, in characters (code points). */
export const FEEDBACK_MAX = 1000;
/** Longest answer of the operator. */
export const ANSWER_MAX = 2000;

/** A device's own id (crossboard.device): 22 base64url characters, random. */
export const DEVICE_ID = /^[A-Za-z0-9_-]{22}$/;
const SEAT_TOKEN = /^[A-Za-z0-9_-]{16,64}$/;
const TABLE_ID = /^[A-Za-z0-9_-]{4,16}$/;
const GAME_REF = /^[A-Za-z0-9_-]{22}$/;
const VERSION = /^[0-9A-Za-z.+_-]{1,40}$/;

/** `POST /api/feedback`. */
export interface FeedbackPost {
  readonly kind: FeedbackKind;
  readonly text: string;
  readonly game?: GameId;
  readonly tableId?: string;
  readonly gameId?: string;
  readonly language: FeedbackLanguage;
  /** The client's version (its build). */
  readonly version?: string;
  /** The device's id: feedback is limited per device as well as per address. */
  readonly device?: string;
  /** Erasure by this seat token or player key detaches the message from its writer. */
  readonly seatToken?: string;
  readonly playerKey?: string;
}

/** A published message as `GET /api/feedback` lists it. */
export interface FeedbackItem {
  readonly id: string;
  readonly kind: FeedbackKind;
  readonly game: GameId | null;
  readonly text: string;
  /** The language it was written in (and answered in). */
  readonly language: FeedbackLanguage;
  readonly status: FeedbackStatus;
  readonly answer: string | null;
  /** ms since the epoch. */
  readonly created: number;
  readonly answered: number | null;
}

/** What the operator's desk sees of a message (`GET /api/feedback/desk`). */
export interface DeskItem extends FeedbackItem {
  readonly tableId: string | null;
  readonly gameId: string | null;
  readonly version: string | null;
  readonly published: boolean;
}

/** `POST /api/feedback/desk/:id`: any of these. */
export interface DeskChange {
  readonly status?: FeedbackStatus;
  readonly answer?: string | null;
  readonly published?: boolean;
}

/** `POST /api/erase`. */
export interface EraseRequest {
  readonly seatToken?: string;
  readonly playerKey?: string;
}

/** `POST /api/recommend`. */
export interface RecommendPost {
  readonly game: GameId;
  readonly recommend: boolean;
  readonly device: string;
}

/** `GET /api/recommendations`. */
export type Recommendations = Readonly<
  Record<GameId, { readonly yes: number; readonly no: number }>
>;

/** The lobby shows a game's recommendation once this many people answered. */
export const RECOMMEND_SHOWN_FROM = 10;

type Parsed<T> = { readonly ok: true; readonly value: T } | { readonly ok: false };
const no = { ok: false } as const;
const obj = (x: unknown): Record<string, unknown> | null =>
  typeof x === "object" && x !== null && !Array.isArray(x) ? (x as Record<string, unknown>) : null;
const optional = (v: unknown, re: RegExp): v is string | undefined =>
  v === undefined || (typeof v === "string" && re.test(v));

/** Counts code points, as a person counts characters. */
export const textLength = (s: string): number => [...s].length;

/** Control characters but tab and line feed, and the marks that turn text's direction around. */
const INVISIBLE = new RegExp(
  "[\\u0000-\\u0008\\u000b-\\u001f\\u007f-\\u009f\\u200e\\u200f\\u202a-\\u202e\\u2066-\\u2069]",
  "g",
);

/**
 * Text as stored: control characters other than line breaks and tabs dropped, lines trimmed at
 * the end, the whole trimmed. Markup stays as written: it is shown as text everywhere.
 */
export function cleanText(s: string): string {
  return s
    .normalize("NFC")
    .replace(/\r\n?/g, "\n")
    .replace(INVISIBLE, "")
    .replace(/[ \t]+$/gm, "")
    .trim();
}

export function parseFeedback(body: unknown): Parsed<FeedbackPost> {
  const b = obj(body);
  if (!b) return no;
  const { kind, game, tableId, gameId, language, version, device, seatToken, playerKey } = b;
  if (!FEEDBACK_KINDS.includes(kind as FeedbackKind)) return no;
  if (!FEEDBACK_LANGUAGES.includes(language as FeedbackLanguage)) return no;
  if (typeof b.text !== "string" || b.text.length > FEEDBACK_MAX * 4) return no;
  const text = cleanText(b.text);
  if (text === "" || textLength(text) > FEEDBACK_MAX) return no;
  if (game !== undefined && !isGameId(game)) return no;
  if (!optional(tableId, TABLE_ID) || !optional(gameId, GAME_REF)) return no;
  if (!optional(version, VERSION) || !optional(device, DEVICE_ID)) return no;
  if (!optional(seatToken, SEAT_TOKEN) || !optional(playerKey, PLAYER_KEY)) return no;
  return {
    ok: true,
    value: {
      kind: kind as FeedbackKind,
      text,
      language: language as FeedbackLanguage,
      ...(game !== undefined ? { game: game as GameId } : {}),
      ...(tableId !== undefined ? { tableId } : {}),
      ...(gameId !== undefined ? { gameId } : {}),
      ...(version !== undefined ? { version } : {}),
      ...(device !== undefined ? { device } : {}),
      ...(seatToken !== undefined ? { seatToken } : {}),
      ...(playerKey !== undefined ? { playerKey } : {}),
    },
  };
}

export function parseDeskChange(body: unknown): Parsed<DeskChange> {
  const b = obj(body);
  if (!b) return no;
  const { status, answer, published } = b;
  if (status !== undefined && !FEEDBACK_STATUSES.includes(status as FeedbackStatus)) return no;
  if (published !== undefined && typeof published !== "boolean") return no;
  let cleaned: string | null | undefined;
  if (answer === null) cleaned = null;
  else if (answer !== undefined) {
    if (typeof answer !== "string" || answer.length > ANSWER_MAX * 4) return no;
    cleaned = cleanText(answer);
    if (textLength(cleaned) > ANSWER_MAX) return no;
    if (cleaned === "") cleaned = null;
  }
  if (status === undefined && cleaned === undefined && published === undefined) return no;
  return {
    ok: true,
    value: {
      ...(status !== undefined ? { status: status as FeedbackStatus } : {}),
      ...(cleaned !== undefined ? { answer: cleaned } : {}),
      ...(published !== undefined ? { published } : {}),
    },
  };
}

export function parseErase(body: unknown): Parsed<EraseRequest> {
  const b = obj(body);
  if (!b) return no;
  const { seatToken, playerKey } = b;
  if (!optional(seatToken, SEAT_TOKEN) || !optional(playerKey, PLAYER_KEY)) return no;
  if (seatToken === undefined && playerKey === undefined) return no;
  return {
    ok: true,
    value: {
      ...(seatToken !== undefined ? { seatToken } : {}),
      ...(playerKey !== undefined ? { playerKey } : {}),
    },
  };
}

export function parseRecommend(body: unknown): Parsed<RecommendPost> {
  const b = obj(body);
  if (!b) return no;
  const { game, recommend, device } = b;
  if (!isGameId(game) || typeof recommend !== "boolean") return no;
  if (typeof device !== "string" || !DEVICE_ID.test(device)) return no;
  return { ok: true, value: { game, recommend, device } };
}

/** Every game with no answers yet. */
export const noRecommendations = (): Recommendations =>
  Object.fromEntries(GAME_IDS.map((g) => [g, { yes: 0, no: 0 }])) as unknown as Recommendations;
