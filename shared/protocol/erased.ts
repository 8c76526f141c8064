/**
 * What is left of a person's name once they asked for their data to be erased
 * (`POST /api/erase`): nothing. The server sends no display words, so an erased name is the
 * empty string, which every client already shows as its own translated word for a player, and
 * text exports write as PGN's unknown, "?".
 */
export const ERASED_NAME = "";
