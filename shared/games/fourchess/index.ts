export * from "./board";
export * from "./explain";
export * from "./fen4";
export * from "./game";
export * from "./notation";
export * from "./pgn4";
export * from "./position";
