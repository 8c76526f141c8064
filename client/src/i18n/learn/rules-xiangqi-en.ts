/** English: the words of the xiangqi rules page (a part of the learning chunk, see en.ts). */
export const rulesXiangqiEn = {
  "rules-xiangqi.s.intro": "Xiangqi in thirty seconds",
  "rules-xiangqi.intro.p1":
    "Xiangqi, often called Chinese chess, is a game for two players, Red and Black. Each side has sixteen pieces, and they stand on the points where the lines cross, not inside squares.",
  "rules-xiangqi.intro.p2":
    "The aim is to checkmate the other side's general: attack it so that no move can save it. One rule surprises chess players: a side left without any legal move loses, even when its general is not in check. There is no stalemate draw.",
  "rules-xiangqi.intro.p3":
    "Every board on this page is live. Click a piece to see where it may go, then try a move the rules forbid: the board tells you why, in the same words the game table uses.",

  "rules-xiangqi.s.setup": "The board and the start",
  "rules-xiangqi.setup.p1":
    "The board has 9 vertical and 10 horizontal lines, and the pieces stand on the 90 points where they meet. Files are lettered a to i from Red's left, ranks numbered 0 to 9 from Red's side, so Red's back rank is 0 and a point is named like e0 or b7.",
  "rules-xiangqi.setup.p2":
    "The river runs across the middle, between ranks 4 and 5. Each side has a palace: the nine points marked with a cross, files d to f on ranks 0 to 2 for Red and 7 to 9 for Black. The general and its advisors never leave it.",
  "rules-xiangqi.setup.p3":
    "At the start each back rank holds, from left to right: chariot, horse, elephant, advisor, general, advisor, elephant, horse, chariot. The two cannons wait two ranks in front of the horses, and the five soldiers stand on every second point of the next rank.",
  "rules-xiangqi.setup.start":
    "The start position, Red at the bottom. Red always moves first, then the sides take turns, one move each. Click a cannon: it can already take the black horse at the far end of its file by jumping over the black cannon.",
  "rules-xiangqi.setup.p4":
    "A piece captures by moving onto a point held by the other side, and the captured piece leaves the board. Only the cannon ever jumps over a piece, and only to capture.",

  "rules-xiangqi.s.pieces": "The seven pieces",
  "rules-xiangqi.pieces.p1":
    "Each kind of piece has a letter, the one the move list uses: K general, A advisor, E elephant, H horse, R chariot, C cannon, P soldier. In the move list, C2=5 means the cannon on file 2 moves sideways to file 5; files are counted from each player's own right, + is forward and - is backward.",
  "rules-xiangqi.pieces.head.letter": "Letter",
  "rules-xiangqi.pieces.head.move": "The piece and its move, in short",
  "rules-xiangqi.pieces.sum.K": "General: one point straight, inside the palace",
  "rules-xiangqi.pieces.sum.A": "Advisor: one point diagonally, inside the palace",
  "rules-xiangqi.pieces.sum.E":
    "Elephant: two points diagonally, if the middle point is empty; stays on its side of the river",
  "rules-xiangqi.pieces.sum.H":
    "Horse: one point straight then one diagonally outward, if the first point is empty",
  "rules-xiangqi.pieces.sum.R": "Chariot: any distance straight over empty points",
  "rules-xiangqi.pieces.sum.C":
    "Cannon: moves like a chariot; captures by jumping exactly one piece",
  "rules-xiangqi.pieces.sum.P":
    "Soldier: one point forward; also sideways once across the river; never back",
  "rules-xiangqi.pieces.general":
    "General (K). It steps one point up, down, left or right, and never leaves its palace. Two more rules guard it: it may not move onto a point the other side attacks, and the two generals may never face each other on an open file.",
  "rules-xiangqi.pieces.general.diagram":
    "The red general on d1 may step to d0, d2 or e1, all inside its palace. Click it, then try c1: the board refuses, because c1 is outside the palace.",
  "rules-xiangqi.pieces.advisor":
    "Advisor (A). It steps one point diagonally and stays in the palace, so it can only ever stand on five points: the four corners and the centre. Its job is to guard the general.",
  "rules-xiangqi.pieces.advisor.diagram":
    "Click the advisor on e1: it may go to three corners (d2 is taken by its partner). Then try to take the advisor on d2 out of the palace to c3.",
  "rules-xiangqi.pieces.elephant":
    "Elephant (E). It moves exactly two points diagonally. If the point in between, the elephant's eye, is occupied by any piece, that move is blocked. An elephant never crosses the river, so it is a defender.",
  "rules-xiangqi.pieces.elephant.diagram":
    "The horse on f3 blocks the eye of the elephant on e2, so g4 is out of reach: try e2 to g4. The elephant on c4 stands at the river: try c4 to a6.",
  "rules-xiangqi.pieces.horse":
    "Horse (H). It moves one point straight, then one point diagonally away from where it started, like an L. If the first point, the horse's leg, is occupied by any piece of either side, the horse cannot go that way. It has no such limit at the river.",
  "rules-xiangqi.pieces.horse.diagram":
    "The black soldier on e5 stands on the red horse's leg, so d6 and f6 are blocked. Click the horse to see its six other moves, then try e4 to d6.",
  "rules-xiangqi.pieces.chariot":
    "Chariot (R). It moves any distance along a rank or a file, as long as the points on its way are empty, and captures the first enemy piece in its path. It is the strongest piece on the board.",
  "rules-xiangqi.pieces.chariot.diagram":
    "The chariot on c4 can take the black horse on c7, but it cannot pass its own soldier on g4. Try c4 to h4.",
  "rules-xiangqi.pieces.cannon":
    "Cannon (C). Without capturing it moves like a chariot. To capture it must jump over exactly one piece, of either side, called the screen, and land on the enemy piece behind it. With no screen, or two, it cannot capture; and it never jumps to an empty point.",
  "rules-xiangqi.pieces.cannon.diagram":
    "The red horse on b4 is the cannon's screen: the cannon on b2 can jump it to take the chariot on b9. The black horse on g2 has no screen in front of it: try b2 to g2.",
  "rules-xiangqi.pieces.soldier":
    "Soldier (P). It steps one point forward. After crossing the river it may also step one point sideways. It never moves back, and on the last rank it can only move sideways.",
  "rules-xiangqi.pieces.soldier.diagram":
    "The soldier on c3 has not crossed the river: try c3 to d3. The soldier on g5 has crossed it and may go forward or sideways, but never back: try g5 to g4.",

  "rules-xiangqi.s.keyRules": "Three key rules to try",
  "rules-xiangqi.key.p1":
    "These three rules cause most surprises for new players. Each board below lets you try them: the engine that referees real games answers your moves.",
  "rules-xiangqi.key.horseLeg":
    "The horse's leg. In the start position Red's horse on b0 would like to jump to d1, but the elephant on c0 stands on its leg. Click b0, then d1, to see the refusal; the horse may go to a2 or c2 instead.",
  "rules-xiangqi.key.flying":
    "The flying general. Only the red soldier on e5 stands between the two generals on the e-file. It has crossed the river, so it could step sideways, yet here it may not: the generals would face each other. Try e5 to d5 or f5.",
  "rules-xiangqi.key.doubleCannon":
    "The double-cannon mate. Red mates in three moves with both cannons on the centre file: the rear cannon jumps over the front one, and the black advisors on d9 and f9 box the general in. Play the move of the green arrow; Black answers each time.",
  "rules-xiangqi.key.doubleCannonDone":
    "The rear cannon on e2 gives check over the front cannon on e4. The general cannot step aside, stepping up to e8 keeps it on the same file, and no black piece can come between the cannons.",

  "rules-xiangqi.s.winning": "Winning, losing and drawing",
  "rules-xiangqi.winning.p1": "A game of xiangqi ends in one of these ways:",
  "rules-xiangqi.winning.mate":
    "Checkmate: the general is attacked and no move saves it. The side that mates wins. The result card names the mate: a double check, a double-cannon mate, a horse-cannon mate, or the piece that gave it.",
  "rules-xiangqi.winning.noMove":
    "No legal move: a side that cannot move at all loses, even if its general is not in check. Unlike chess, this is not a draw.",
  "rules-xiangqi.winning.perpetual":
    "Perpetual check is forbidden. If a position comes back while one side has given check with every move since it last appeared and the other side has not, the checking side is warned the second time the position appears and loses the third time. That side must find another move.",
  "rules-xiangqi.winning.repetition":
    "Any other repetition decides nothing. When a position appears for the third time, or after 60 moves by each side without a capture, both players are told that they may offer a draw.",
  "rules-xiangqi.winning.plyLimit":
    "After 400 moves in all (200 by each side) the game is drawn automatically.",
  "rules-xiangqi.winning.agreement":
    "Draw by agreement: one player offers a draw and the other accepts it.",
  "rules-xiangqi.winning.resign":
    "Resignation: a player may give up at any moment; the other wins.",
  "rules-xiangqi.winning.time":
    "Time: if the host turns on a chess clock, a player whose time runs out loses. With the per-move timer instead, the computer plays for a player whose seconds run out.",
  "rules-xiangqi.winning.noMoveDiagram":
    "Red to move. Black has only its general, which is not in check and can still step to f9. Move the chariot from i1 to f1 to take that point away as well, without giving check.",
  "rules-xiangqi.winning.noMoveDone":
    "The general is not in check, but every point it could step to is attacked, and Black has no other piece. Black cannot move, and so Black loses.",

  "rules-xiangqi.s.faq": "Questions and answers",
  "rules-xiangqi.faq.q1": "Is there a quick way to remember how the pieces move?",
  "rules-xiangqi.faq.a1":
    "Roughly: the chariot goes straight, the horse makes an L, the elephant makes a two-point diagonal, the cannon captures by jumping, the general and the advisors stay at home in the palace, and the soldier goes forward. Then learn the limits, which matter just as much: the horse's leg, the elephant's eye and the river, exactly one screen for the cannon, and a soldier that never retreats.",
  "rules-xiangqi.faq.q2": "Why does my horse refuse to move?",
  "rules-xiangqi.faq.a2":
    "Its leg is probably blocked. Look at the point right next to the horse in the direction it wants to go: to jump forward, the point in front of it; to jump to the right, the point to its right. If any piece stands there, of either colour, the horse cannot go that way.",
  "rules-xiangqi.faq.q3": "How does the cannon move and capture?",
  "rules-xiangqi.faq.a3":
    "When it does not capture, it slides along a line over empty points, just like a chariot. To capture it needs exactly one piece between itself and its target, of either side. With nothing between, or with two pieces or more, it cannot capture, and it may never jump over a piece to land on an empty point.",
  "rules-xiangqi.faq.q4": "Why may the two generals not face each other?",
  "rules-xiangqi.faq.a4":
    "It is a rule of the game: on one file with nothing between them, the generals would be attacking each other. So a move that removes the last piece between them is not allowed, and neither is a general's step onto such a file. Look along the whole file, not only at the points next to the generals.",
  "rules-xiangqi.faq.q5": "Is having no legal move a loss or a draw?",
  "rules-xiangqi.faq.a5":
    "A loss. Checkmate means being in check with no way out; having no legal move without being in check loses just the same in xiangqi. Forget the chess rule that calls it stalemate and a draw.",
  "rules-xiangqi.faq.q6": "Do I lose if I keep giving check?",
  "rules-xiangqi.faq.a6":
    "If you alone keep checking and the same position keeps coming back, yes: you are warned when it appears for the second time and lose at the third. If both sides keep checking, or neither does, the repetition only lets a player offer a draw. Tournament rules about perpetual chasing are not judged here.",
  "rules-xiangqi.faq.q7": "How should I practise against the computer?",
  "rules-xiangqi.faq.a7":
    "Start at Beginner level. Use hints and take back moves while you learn, and look through the finished game to see where a piece was lost. Against a much stronger player, a house rule lets the stronger side play without one or both horses. Move up to Medium and Master when you win often.",

  "rules-xiangqi.s.advice": "Advice for beginners",
  "rules-xiangqi.advice.safe": "Before each move, check that your general is safe after it.",
  "rules-xiangqi.advice.attacked":
    "Look at what the other side can capture before you look at what you can capture.",
  "rules-xiangqi.advice.lines":
    "A piece that moves may open a line for a chariot or a cannon behind it, yours or the other side's.",
  "rules-xiangqi.advice.screens":
    "Count the screens: adding or removing one piece between a cannon and its target changes what it attacks.",
  "rules-xiangqi.advice.develop":
    "In the opening bring out chariots, horses and cannons one after another, instead of moving the same piece again and again.",
  "rules-xiangqi.advice.centre":
    "Open the way for your horses early: a horse stuck behind its own pieces cannot jump out.",
  "rules-xiangqi.advice.defenders":
    "Keep your advisors and elephants near the general: they are its shield against cannon and horse mates.",
} as const;

export type RulesXiangqiKey = keyof typeof rulesXiangqiEn;
