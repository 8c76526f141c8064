/**
 * English: the words of the site's own pages (the privacy notice with "My data", the feedback
 * pages), a chunk of its own fetched when one of them shows (i18n/index.ts `siteTexts`). The
 * footer's links, on every page, are in en.ts.
 */
export const enSite = {
  "privacy.title": "Privacy",
  "privacy.intro":
    "What the people who run this server keep about you, why, and for how long; and what your browser keeps on this device. The times below are this server's own settings.",
  "privacy.loading": "Loading this server's settings…",
  "privacy.failed": "This server's settings could not be loaded just now: {reason}",
  "privacy.kept": "How long:",

  "privacy.server": "What the server keeps",
  "privacy.tables": "Tables in play",
  "privacy.tablesText":
    "Each table's house rules, its moves and the names sat under, so that the game goes on and a player who drops out can come back.",
  "privacy.tableKeep.one":
    "A table nobody is at waits {n} day for someone to come back, then it is deleted.",
  "privacy.tableKeep.other":
    "A table nobody is at waits {n} days for someone to come back, then it is deleted.",
  "privacy.seatHold.one": "A seat whose connection dropped is held for {n} second.",
  "privacy.seatHold.other": "A seat whose connection dropped is held for {n} seconds.",
  "privacy.games": "Finished games",
  "privacy.gamesText":
    "The moves, the result and the players' names, so that anyone with the game's link can review it.",
  "privacy.archive.one": "Deleted {n} day after the game ends.",
  "privacy.archive.other": "Deleted {n} days after the game ends.",
  "privacy.untilErased": "Kept until you ask to erase it.",
  "privacy.players": "Players and ratings",
  "privacy.playersText":
    "Only if you play rated games: a player id, a hash of the player's secret key (never the key itself), the name, the ratings and the history of rated games, for the ratings and the leaderboard.",
  "privacy.addresses": "Network addresses",
  "privacy.addressesText":
    "Your address is used to slow down whoever sends too many requests. It stays in the server's memory only, and is never written to the store or the logs in clear.",
  "privacy.addressKey.one":
    "Only as a keyed hash, whose key changes every {n} hour; gone when the server stops.",
  "privacy.addressKey.other":
    "Only as a keyed hash, whose key changes every {n} hours; gone when the server stops.",
  "privacy.feedback": "Feedback",
  "privacy.feedbackText":
    "What you write on the feedback page, with the game, table or version it is about and this device's id, so that one device cannot send too much. A message shown to everyone shows no name.",
  "privacy.feedbackDays.one": "Deleted {n} day after it is sent.",
  "privacy.feedbackDays.other": "Deleted {n} days after it is sent.",

  "privacy.device": "What this device keeps",
  "privacy.deviceText":
    "Your browser keeps these on this device, never on the server. Only the seat tokens and the player key are sent, and only to this server. They stay until you erase them below or clear this site's data in the browser.",
  "privacy.deviceName": "The name you sit under, to fill it in next time.",
  "privacy.deviceId":
    "A random id for this device, so that feedback and recommendations count one voice per device. It names no one.",
  "privacy.deviceTables":
    "For each table you sat at in the last week, the secret seat token that gives you your seat back.",
  "privacy.deviceGames": "The last games you played or watched to the end, for the lobby's list.",
  "privacy.deviceAnalyses":
    "The engine's analyses of your last reviewed games, to show them at once.",
  "privacy.deviceLessons": "The stars you earned in the lessons.",
  "privacy.devicePlayer": "If you have a player: its id and its secret key.",
  "privacy.deviceSettings":
    "Your settings: language, sounds, how pieces look, your last choices against the computer and in quick play.",

  "privacy.erase": "Erasure",
  "privacy.eraseText":
    "“Erase” below asks this server to erase what it holds for this device's seats and player: your name leaves those tables and finished games, and the player with its ratings is deleted. Then it removes everything this device keeps.",
  "privacy.contact":
    "For anything else about your data, or to ask erasure by e-mail, write to {contact}.",
  "privacy.noContact":
    "For anything else about your data, write to the people who run this server on the feedback page.",
  "privacy.feedbackLink": "Feedback page",

  "mine.heading": "My data",
  "mine.text": "What this device keeps now.",
  "mine.name": "Name",
  "mine.player": "Player id",
  "mine.device": "Device id",
  "mine.tables": "Tables with a seat token",
  "mine.games": "Recent games",
  "mine.analyses": "Kept analyses",
  "mine.lessons": "Lessons with stars",
  "mine.settings": "Settings",
  "mine.none": "None",
  "mine.download": "Download my data",
  "mine.erase": "Erase my data",
  "mine.confirmTitle": "Erase your data?",
  "mine.confirmText":
    "This server is asked to erase what it holds for this device's seats and player, then everything this device keeps is removed. This cannot be undone.",
  "mine.confirm": "Erase",
  "mine.cancel": "Cancel",
  "mine.erasing": "Erasing…",
  "mine.erased":
    "Erased: this server erased what it held for this device, and this device keeps nothing any more.",
  "mine.unreachable":
    "The server could not be reached: nothing on this device was removed. Try again.",

  "error.erase/invalid": "Give a seat token or a player key to erase.",
  "error.feedback/invalid":
    "The message could not be read: choose a kind and write up to {max} characters.",
  "error.feedback/not-found": "There is no such message.",
  "error.recommend/invalid": "Say yes or no for a game this server has.",

  // Feedback and recommendations (voice).
  "feedback.title": "Send feedback",
  "feedback.kind": "What is it about?",
  "feedback.kind.problem": "Report a problem",
  "feedback.kind.setting": "Ask for a setting",
  "feedback.kind.other": "Other",
  "feedback.text": "Your message",
  "feedback.count": "Characters: {n}/{max}",
  "feedback.note":
    "The operator may publish your message with an answer on the feedback page. Leave out anything personal.",
  "feedback.send": "Send",
  "feedback.sending": "Sending…",
  "feedback.cancel": "Cancel",
  "feedback.close": "Close",
  "feedback.empty": "Write a message first.",
  "feedback.thanksTitle": "Thank you",
  "feedback.thanks": "Your message was sent.",
  "feedback.seeAnswers": "Answers are published on the feedback page",
  "feedback.tooMany": "Too many messages from here; please try again later.",
  "feedback.offline": "The server could not be reached; check the connection and try again.",
  "feedback.page": "Feedback",
  "feedback.intro":
    "Problems reported and settings asked for, with the answers, as the operator published them.",
  "feedback.game": "Game",
  "feedback.allGames": "All games",
  "feedback.general": "The site",
  "feedback.write": "Send feedback",
  "feedback.none": "Nothing has been published yet.",
  "feedback.answer": "Answer",
  "feedback.status.new": "New",
  "feedback.status.planned": "Planned",
  "feedback.status.done": "Done",
  "feedback.status.declined": "Declined",
  "desk.title": "Feedback desk",
  "desk.password": "Password",
  "desk.enter": "Open the desk",
  "desk.wrong": "That password is wrong.",
  "desk.none": "There is no desk on this server: no one answers feedback here.",
  "desk.lock": "Lock the desk",
  "desk.opened": "The desk is open.",
  "desk.empty": "No messages.",
  "desk.table": "Table {id}",
  "desk.game": "Game {id}",
  "desk.version": "Version {version}",
  "desk.language": "Written in {language}",
  "desk.isPublished": "Published",
  "desk.isHidden": "Hidden",
  "desk.status": "Status",
  "desk.answer": "Answer",
  "desk.publish": "Published on the feedback page",
  "desk.save": "Save",
  "desk.saved": "Saved.",
};

export type SiteKey = keyof typeof enSite;
