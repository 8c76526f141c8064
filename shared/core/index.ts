export * from "./geometry";
export * from "./pieces";
export * from "./result";
export * from "./seats";
