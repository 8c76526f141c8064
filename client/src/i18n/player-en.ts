/**
 * English: the words of the lobby's "You" section, the player pages and the leaderboard, a chunk
 * of its own fetched when one of them shows (i18n/index.ts `playerTexts`). The lobby's first
 * paint needs only its heading and links, which are in en.ts.
 */
export const enPlayer = {
  "you.heading": "You",
  "you.none":
    "This device has no player yet. One is made when you first sit at a table with people; your ratings then follow it.",
  "you.make": "Make my player now",
  "you.makeFailed": "No player could be made just now. Try again in a moment.",
  "you.loading": "Loading your ratings…",
  "you.failed": "Your ratings could not be loaded just now.",
  "you.page": "Your page",
  "you.carry": "Use on another device",
  "you.carryText":
    "Open this link on the other device, or scan the code with its camera. Whoever has the link plays as you: keep it to yourself.",
  "you.carryLink": "Your link",
  "you.qr": "QR code of your link",
  "you.copy": "Copy link",
  "you.copied": "Link copied.",
  "you.copyFailed": "The link could not be copied: select it and copy it yourself.",
  "you.forget": "Forget me on this device",
  "you.forgetText":
    "This device stops being {name}. Your ratings stay with the player: open your link on this device to be {name} again.",
  "you.forgetConfirm": "Forget me",
  "you.forgetCancel": "Keep me",
  "you.carried": "You are now {name} on this device.",
  "you.carriedUnknown": "That player link is not known here: nothing changed on this device.",

  "pool.xiangqi": "Xiangqi",
  "pool.teams": "Four-player Teams",
  "pool.individual": "Four-player Individual",

  "player.games.one": "{n} game",
  "player.games.other": "{n} games",
  "player.rd": "deviation {rd}",
  "player.provisional": "provisional",
  "player.provisionalNote":
    "A rating with “?” is provisional: it settles as more rated games are played.",
  "player.heading": "Player",
  "player.ratings": "Ratings",
  "player.graph": "Rating over time",
  "player.graphLabel": "{pool}: rating after each rated game, from {first} to {last}",
  "player.graphTable": "The graph as a table",
  "player.date": "Date",
  "player.pool": "Pool",
  "player.before": "Before",
  "player.after": "After",
  "player.change": "Change",
  "player.recent": "Recent rated games",
  "player.noGames": "No rated games yet.",
  "player.review": "Review",
  "player.unknown": "There is no player with this link.",
  "player.failed": "The page could not be loaded: {reason}",
  "player.leaderboard": "Leaderboard",

  "leaderboard.text":
    "The best settled ratings of players who played in the last 30 days, at most 100 a pool.",
  "leaderboard.pools": "Pools",
  "leaderboard.rank": "Rank",
  "leaderboard.name": "Player",
  "leaderboard.rating": "Rating",
  "leaderboard.games": "Games",
  "leaderboard.empty":
    "No settled ratings in this pool yet. A player shows here once their rating is no longer provisional (“?”).",
};

export type PlayerKey = keyof typeof enPlayer;
