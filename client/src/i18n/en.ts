import type { ErrorCode } from "../../../shared/core/errors";

/**
 * English, the source language: every other language must translate every key. This part holds
 * the words of the lobby and of every page (it is part of the page); table-en.ts holds the
 * table's, fetched with the table. Between them there is an `error.<code>` sentence for every
 * code the server can answer with (shared/core/errors.ts), with the same `{placeholders}` as
 * the catalogue's message.
 */
export const en = {
  "app.title": "Crossboard",
  "app.tagline": "Four-player chess and xiangqi with friends or strangers. No account, no install.",
  "lang.label": "Language",
  "sound.mute": "Mute sounds",
  "sound.unmute": "Turn sounds on",
  "look.menu": "Piece settings",

  "game.fourchess": "Four-player chess",
  "game.xiangqi": "Xiangqi (Chinese chess)",
  "format.teams": "Teams",
  "format.individual": "Individual (points)",

  "lobby.name": "Your name",
  "lobby.game": "Game",
  "lobby.namePlaceholder": "Name shown at the table",
  "lobby.computer": "Play against the computer",
  "lobby.hotseat": "Xiangqi for two on this device",
  "lobby.quick": "Quick play",
  "lobby.create": "Create a table",
  "lobby.createButton": "Create table",
  "lobby.private": "Private table (join by code or link)",
  "lobby.joinCode": "Join with a code",
  "lobby.codePlaceholder": "6-character code",
  "lobby.join": "Join",
  "lobby.tables": "Public tables",
  "lobby.noTables": "No public tables right now. Create one or use quick play.",
  "lobby.watch": "Watch",
  "lobby.sit": "Play",
  "lobby.seats": "{taken}/{seats} seats",
  "lobby.spectators": "{n} watching",
  "lobby.badCode": "That is not a table code: codes have 6 letters and digits.",
  "lobby.noSuchTable": "There is no table with the code {code}.",
  "lobby.failed": "Could not reach the table: {reason}",
  "error.server/unavailable": "The tables cannot be reached right now; try again in a few seconds.",
  "error.table/full": "This table has as many spectators as it can take; try again later.",
  "error.table/joins-pending":
    "Too many joins to this table from your network are waiting; try again in a few seconds.",
  "lobby.mine": "Your tables",
  "lobby.mineProgress.one": "In play, {n} move — you are {color}",
  "lobby.mineProgress.other": "In play, {n} moves — you are {color}",
  "lobby.resume": "Go back",
  "lobby.recent": "Your recent games",
  "lobby.recentAs": "You played {color}",
  "lobby.recentWatched": "You watched",
  "lobby.recentWhen": "{date}, {time}",
  "lobby.recentLeft": "You left it while it was being played",
  "lobby.recentReview": "Review",
  "lobby.twoPlayers": "Two players",
  "lobby.computerText": "Play at your own pace; the computer takes every other seat.",
  "lobby.ratedMark": "Rated",
  "lobby.createText":
    "Your own table: invite friends with its code or link; CPUs take the empty seats.",

  "phase.waiting": "Waiting for the host to start",
  "phase.playing": "Playing",
  "phase.finished": "Game over",

  "rules.title": "House rules",
  "rules.format": "Format",
  "rules.moveLimit": "Move limit",
  "rules.moveLimitNone": "None",
  "rules.showLegalMoves": "Show legal moves",
  "rules.rotateFirst": "Rotate the first player",
  "rules.turnTimer": "Turn timer",
  "rules.timerNone": "None",
  "rules.seconds": "{n} s",
  "rules.cpuLevel": "CPU level",
  "rules.takebackConsent": "Takebacks need consent",
  "rules.handicap": "Handicap",
  "rules.hints": "Allow hints",
  "rules.rated": "Rated game",

  "level.easy": "Easy",
  "level.normal": "Normal",
  "level.hard": "Hard",
  "level.beginner": "Beginner",
  "level.medium": "Medium",
  "level.master": "Master",

  "handicap.none": "None",
  "handicap.red-one-horse": "Red plays without a horse",
  "handicap.red-two-horses": "Red plays without both horses",
  "handicap.black-one-horse": "Black plays without a horse",
  "handicap.black-two-horses": "Black plays without both horses",

  "color.red": "Red",
  "color.blue": "Blue",
  "color.yellow": "Yellow",
  "color.green": "Green",
  "color.black": "Black",
  "seat.cpu": "CPU",
  "table.opening": "Opening the table…",

  "lobby.quickText": "Sit at a public table that is filling up; the game starts by itself.",
  "lobby.waiting": "Waiting for players",
  "lobby.tableCode": "Code {code}",
  "name.default": "Player",

  "archive.opening": "Opening the game…",

  "learn.opening": "Opening…",
  "archive.missing": "This game is not in the archive",
  "archive.missingText": "The link may be mistyped, or the game was never finished here.",
  "archive.playing": "This game is still being played",
  "archive.playingText": "You left it before the end. Its review will be here once it is over.",
  "archive.failed": "Could not load the game: {reason}",
  "archive.retry": "Try again",
  "nav.lobby": "Back to lobby",
  "error.rate/limited": "Slow down a little.",
  "error.table/closing": "This table is closing.",
  "error.server/stopping": "The server is stopping; try again shortly.",
  "error.store/full":
    "The server is short of disk space: games in play go on, but no new table can open now. Try again later.",
  "error.rules/invalid": "One of the house rules has a value that is not allowed.",
  "error.quick/no-host":
    "A quick-play table has no host: its house rules stay as they are and it starts by itself.",
  "error.quick/not-alone": "Only a person alone at a quick-play table can start it against CPUs.",
  "error.game/over": "The game has ended.",
  "error.game/seat-out": "That player is out of the game.",
  "error.game/no-such-seat": "There is no such seat in this game.",
  "error.http/not-found": "Nothing here.",
  "error.http/method": "That is not allowed here.",
  "error.http/origin": "This site may not open tables on this server.",
  "error.http/forbidden": "This is for the operator.",
  "error.http/unauthorized": "A password is needed.",
  "error.http/bad-request": "The request could not be read.",
  "error.http/internal": "Something went wrong on the server.",
  "error.api/not-found": "Nothing here.",
  "error.game/not-found": "This game is not in the archive.",
  "rules.clock": "Clock",
  "clock.none": "No clock",
  "clock.custom": "Your own…",
  "clock.minutes": "{n} min",
  "clock.minutesSeconds": "{m} min {s} s",
  "clock.seconds": "{n} s",
  "clock.withIncrement": "{base} + {n} s a move",
  "clock.withDelay": "{base} + {n} s delay",
  "lobby.clock.fourchess": "Four-player chess clock",
  "lobby.clock.xiangqi": "Xiangqi clock",

  "lobby.new": "New to this game? Read the rules or learn by playing.",
  "lobby.rules": "Rules",
  "lobby.learn": "Lessons",

  // The recommendation of each game and the lobby's way to send feedback.
  "lobby.recommended": "Recommended by {pct} of {n} players",
  "lobby.feedback.setting": "Ask for a setting",
  "lobby.feedback.other": "Other feedback",

  // The footer on every page.
  "footer.privacy": "Privacy",
  "footer.feedback": "Feedback",
  "footer.mine": "My data",
} as const satisfies Readonly<Record<`error.${ErrorCode}` & LobbyErrorKey, string>> &
  Readonly<Record<string, string>>;

/** The refusals the lobby shows before any table is opened (joining, quick play, the archive). */
type LobbyErrorKey =
  `error.${"server" | "table" | "rate" | "rules" | "quick" | "game" | "http" | "api"}/${string}`;

/** The keys of the lobby's part. */
export type LobbyKey = keyof typeof en;
