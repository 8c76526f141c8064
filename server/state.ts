/**
 * The `table` room's synchronised state. Schema classes hold fields only; `sync.ts` is the one
 * function that writes them from the match. Field meanings: shared/protocol/views.ts.
 */
import { ArraySchema, MapSchema, Schema, type } from "@colyseus/schema";
// Strings of exactly 255 bytes must reach the clients intact.
import "./schemaFix";

export class SeatState extends Schema {
  @type("string") color = "";
  @type("string") kind = "open";
  @type("string") name = "";
  @type("string") player = "";
  @type("boolean") connected = false;
  @type("boolean") standIn = false;
  @type("string") level = "";
  @type("int16") score = 0;
  @type("string") out = "";
  @type("uint32") used = 0;
}

export class PieceState extends Schema {
  @type("uint16") id = 0;
  @type("string") square = "";
  @type("string") kind = "";
  @type("int8") color = 0;
}

export class MoveState extends Schema {
  @type("int8") seat = 0;
  @type("string") from = "";
  @type("string") to = "";
  @type("string") promotion = "";
  @type("string") notation = "";
  @type("string") by = "player";
}

export class OfferState extends Schema {
  @type("string") kind = "";
  @type("int8") seat = 0;
  @type(["int8"]) needed = new ArraySchema<number>();
  @type(["int8"]) agreed = new ArraySchema<number>();
  @type("uint16") plies = 0;
}

export class ResultState extends Schema {
  @type("string") reason = "";
  @type("boolean") draw = false;
  @type(["int8"]) winners = new ArraySchema<number>();
  @type(["int8"]) placing = new ArraySchema<number>();
  @type("string") message = "";
}

export class NoticeState extends Schema {
  @type("string") code = "";
  @type("string") message = "";
  @type("int8") seat = -1;
}

export class RulesState extends Schema {
  @type("string") format = "teams";
  @type("uint16") moveLimit = 0;
  @type("boolean") showLegalMoves = true;
  @type("boolean") rotateFirst = true;
  @type("uint8") turnTimer = 0;
  @type("string") cpuLevel = "";
  @type("boolean") takebackConsent = true;
  @type("string") handicap = "none";
  @type("boolean") hints = false;
}

export class TableState extends Schema {
  @type("string") game = "";
  @type("string") mode = "online";
  @type("string") phase = "waiting";
  @type("string") fen = "";
  @type("int8") turn = -1;
  @type("float64") turnDeadline = 0;
  @type("float64") turnStarted = 0;
  @type("uint16") gameNumber = 0;
  @type([SeatState]) seats = new ArraySchema<SeatState>();
  @type({ map: PieceState }) pieces = new MapSchema<PieceState>();
  @type([MoveState]) moves = new ArraySchema<MoveState>();
  @type(["string"]) legalMoves = new ArraySchema<string>();
  @type(["int8"]) checks = new ArraySchema<number>();
  @type(OfferState) offer: OfferState | undefined;
  @type(ResultState) result: ResultState | undefined;
  @type([NoticeState]) notices = new ArraySchema<NoticeState>();
  @type(RulesState) rules = new RulesState();
  @type("string") host = "";
  @type("boolean") private = false;
  @type("uint8") spectators = 0;
}
