/**
 * English: the words every rules page and lesson shares (the page's frame, the live diagrams,
 * the lessons' list and stars, the house-rules table). A part of the learning chunk (en.ts).
 */
export const commonEn = {
  "learn.rules.title.xiangqi": "Xiangqi: the rules",
  "learn.rules.title.fourchess": "Four-player chess: the rules",
  "learn.lessons.title.xiangqi": "Xiangqi lessons",
  "learn.lessons.title.fourchess": "Four-player chess lessons",
  "learn.lessons.intro":
    "Short stages, each with one goal. The rules check every move: a wrong one is explained and you try again. Up to three stars for each stage, by the moves you used.",
  "learn.contents": "On this page",
  "learn.lobby": "Lobby",
  "learn.toLessons": "Lessons: learn by playing",
  "learn.toRules": "Rules",
  "learn.diagram.label": "Diagram: {caption}",
  "learn.diagram.reset": "Start again",
  "learn.diagram.try": "Click a piece to see where it can go.",
  "learn.diagram.moves.one": "The {piece} on {square} has 1 move, marked on the board.",
  "learn.diagram.moves.other": "The {piece} on {square} has {n} moves, marked on the board.",
  "learn.diagram.noMoves": "The {piece} on {square} cannot move in this position.",
  "learn.diagram.offLine":
    "That move is allowed, but this diagram follows another line: try the move the arrow shows.",
  "learn.diagram.turn": "{color} to move.",
  "learn.stage.of": "Stage {index} of {total}",
  "learn.stage.goal": "Goal",
  "learn.stage.moves.one": "{n} move",
  "learn.stage.moves.other": "{n} moves",
  "learn.stage.done": "Stage complete in {moves}!",
  "learn.stage.next": "Next stage",
  "learn.stage.again": "Play it again",
  "learn.stage.list": "All stages",
  "learn.stage.notLegalGoal":
    "That move is allowed, but it does not reach this stage's goal. Try again.",
  "learn.stage.noCheck":
    "Here the other side does not move, so you may not give check. Try another move.",
  "learn.stage.star": "Star collected.",
  "learn.stage.tooMany": "Too many moves: the stage starts again.",
  "learn.stage.locked": "This stage is not in the lessons.",
  "learn.stage.captured": "Captured.",
  "learn.stage.finished": "You finished every stage of this game.",
  "learn.stars.label": "{stars} of 3 stars",
  "learn.stars.none": "Not done yet",
  "learn.house.title": "House rules",
  "learn.house.intro":
    "The host sets these before the game starts. This table is made from the same definitions the server reads, so it is always what the server accepts.",
  "learn.house.name": "Rule",
  "learn.house.does": "What it does",
  "learn.house.default": "Default",
  "learn.house.who": "Who may change it",
  "learn.house.host-before-start": "The host, before the game starts",
  "learn.house.on": "On",
  "learn.house.off": "Off",
  "learn.house.none": "None",
  "learn.house.does.format":
    "Teams: Red and Yellow play against Blue and Green. Individual: everyone plays for points.",
  "learn.house.does.moveLimit":
    "Ends the game after this many moves by all players together; the points then decide.",
  "learn.house.does.showLegalMoves": "Marks where the selected piece may go.",
  "learn.house.does.rotateFirst":
    "Each new game at the table starts one seat further round, so nobody always moves first.",
  "learn.house.does.turnTimer":
    "Seconds for each move; when they run out, the computer moves for that player.",
  "learn.house.does.clock":
    "A chess clock for each player: a time for the game, with an increment or a delay per move.",
  "learn.house.does.cpuLevel":
    "How strongly the computer plays the empty seats, and the stand-ins for dropped players.",
  "learn.house.does.takebackConsent": "Taking back a move against a person needs their consent.",
  "learn.house.does.handicap": "A stronger player gives up one or two horses at the start.",
  "learn.house.does.hints": "Players may ask the computer for a suggested move.",
  "learn.house.does.rated":
    "The result changes the players' ratings. Every seat must be a person with a player key; no CPU seats, hints or takebacks.",
} as const;

export type CommonKey = keyof typeof commonEn;
