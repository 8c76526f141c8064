/**
 * The player pages (`/p/<id>`), the leaderboards (`/leaderboard/<pool>`), the lobby's "You"
 * section and taking in a player carried from another device: a chunk of its own, fetched with
 * its words (i18n `playerTexts`) when one of them is needed, so that the lobby's first download
 * stays small.
 */
import "./player/player.css";

export { adoptCarried, playerPageAt } from "./player/routes";
export { youSection } from "./player/you";
