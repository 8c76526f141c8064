/**
 * The `table` room's synchronised state. Schema classes hold fields only; `sync.ts` is the one
 * function that writes them from the match. Field meanings: shared/protocol/views.ts, which the
 * classes are checked against below. A move-list entry is one number (shared/protocol/wire.ts),
 * and so is a piece: the list and the pieces cost one change tracker each, not one per entry.
 */
import { ArraySchema, MapSchema, Schema, type } from "@colyseus/schema";
import type {
  ClockView,
  NoticeView,
  OfferView,
  ResultView,
  RulesView,
  SeatView,
  TableView,
} from "../../shared/protocol/views";
// Strings of exactly 255 bytes must reach the clients intact.
import "./schemaFix";

export class SeatSchema extends Schema {
  @type("string") color = "";
  @type("string") kind: SeatView["kind"] = "open";
  @type("string") name = "";
  @type("string") player = "";
  @type("boolean") connected = false;
  @type("boolean") standIn = false;
  @type("string") level = "";
  @type("int16") score = 0;
  @type("string") out = "";
  @type("uint32") used = 0;
  @type("uint32") clock = 0;
  @type("uint16") rating = 0;
  @type("boolean") provisional = false;
  @type("int16") delta = 0;
}

export class OfferSchema extends Schema {
  @type("string") kind: OfferView["kind"] = "draw";
  @type("int8") seat = 0;
  @type(["int8"]) needed = new ArraySchema<number>();
  @type(["int8"]) agreed = new ArraySchema<number>();
  @type("uint16") plies = 0;
}

export class ResultSchema extends Schema {
  @type("string") reason = "";
  @type("boolean") draw = false;
  @type(["int8"]) winners = new ArraySchema<number>();
  @type(["int8"]) placing = new ArraySchema<number>();
  @type("string") code = "";
  @type({ map: "string" }) params = new MapSchema<string>();
  @type("string") message = "";
}

export class NoticeSchema extends Schema {
  @type("string") code = "";
  @type({ map: "string" }) params = new MapSchema<string>();
  @type("string") message = "";
  @type("int8") seat = -1;
}

export class ClockSchema extends Schema {
  @type("uint16") base = 0;
  @type("uint8") increment = 0;
  @type("uint8") delay = 0;
}

export class RulesSchema extends Schema {
  @type("string") format: RulesView["format"] = "teams";
  @type("uint16") moveLimit = 0;
  @type("boolean") showLegalMoves = true;
  @type("boolean") rotateFirst = true;
  @type("uint8") turnTimer = 0;
  @type(ClockSchema) clock: ClockSchema | undefined;
  @type("string") cpuLevel = "";
  @type("boolean") takebackConsent = true;
  @type("string") handicap = "none";
  @type("boolean") hints = false;
  @type("boolean") rated = false;
}

export class TableSchema extends Schema {
  @type("string") game: TableView["game"] = "fourchess";
  @type("string") mode: TableView["mode"] = "online";
  @type("string") phase: TableView["phase"] = "waiting";
  @type("string") startFen = "";
  @type("int8") turn = -1;
  @type("float64") clockBase = 0;
  @type("uint32") turnStarted = 0;
  @type("uint32") turnDeadline = 0;
  @type("uint16") gameNumber = 0;
  @type("string") gameId = "";
  @type([SeatSchema]) seats = new ArraySchema<SeatSchema>();
  @type({ map: "uint16" }) pieces = new MapSchema<number>();
  @type(["uint32"]) moves = new ArraySchema<number>();
  @type(OfferSchema) offer: OfferSchema | undefined;
  @type(ResultSchema) result: ResultSchema | undefined;
  @type([NoticeSchema]) notices = new ArraySchema<NoticeSchema>();
  @type(RulesSchema) rules = new RulesSchema();
  @type("string") host = "";
  @type("boolean") private = false;
  @type("uint8") spectators = 0;
  @type(["string"]) watchers = new ArraySchema<string>();
  @type("float64") autoStart = 0;
}

/** Each schema class carries exactly its view's fields, with the view's types. */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
/** A schema class as plain data: its string-named fields, collections as read-only ones. */
type Plain<T> = {
  readonly [K in keyof T as K extends string
    ? T[K] extends (...args: never[]) => unknown
      ? never
      : K
    : never]: T[K] extends ArraySchema<infer E>
    ? readonly Plain<E>[]
    : T[K] extends MapSchema<infer E>
      ? ReadonlyMap<string, Plain<E>>
      : T[K] extends Schema | undefined
        ? Plain<NonNullable<T[K]>> | Extract<T[K], undefined>
        : T[K];
};
/** A view's field that may be null is undefined in the schema (the state never holds null). */
type Undefined<V> = V extends ReadonlyMap<unknown, unknown> | readonly unknown[]
  ? V
  : V extends object
    ? { readonly [K in keyof V]: Undefined<Exclude<V[K], null>> }
    : V;
type Checked<S, V> = Same<Plain<S>, Undefined<V>>;
export const SCHEMA_MATCHES_VIEWS: [
  Checked<SeatSchema, SeatView>,
  Checked<ClockSchema, ClockView>,
  Checked<OfferSchema, OfferView>,
  Checked<ResultSchema, ResultView>,
  Checked<NoticeSchema, NoticeView>,
  Checked<RulesSchema, RulesView>,
  Checked<TableSchema, TableView>,
] = [true, true, true, true, true, true, true];
