/** English: words of the rules fourchess (a part of the learning chunk, see en.ts). */
export const rulesFourchessEn = {
  "rules-fourchess.intro.title": "In 30 seconds",
  "rules-fourchess.intro.p1":
    "Four-player chess is chess for four people on a cross-shaped board. Each player commands a full chess army on one arm of the cross, and the turn goes round clockwise: Red, Blue, Yellow, Green.",
  "rules-fourchess.intro.board":
    "The board: 14 by 14 squares with the corners cut away, 16 pieces on each side.",
  "rules-fourchess.intro.teams":
    "Teams: the players sitting opposite are partners, Red and Yellow against Blue and Green. Checkmating one opponent wins the game for your team.",
  "rules-fourchess.intro.individual":
    "Individual: everyone plays alone. Captures and checkmates score points, and the highest score wins.",
  "rules-fourchess.intro.moves":
    "The pieces move as in ordinary chess. What is new is who sits around you, and which way each army's pawns march.",
  "rules-fourchess.intro.p2":
    "A game takes about half an hour. Teams is usually quicker and is the easier way to start.",

  "rules-fourchess.setup.title": "The board and the start",
  "rules-fourchess.setup.board":
    "Take a board of 14 by 14 squares and cut a block of 3 by 3 from each corner: a cross of 160 squares remains. Files are lettered a to n from Red's left, ranks are numbered 1 to 14 from Red's side.",
  "rules-fourchess.setup.seats":
    "Red sits at the bottom (ranks 1 and 2), Blue on the left (files a and b), Yellow at the top (ranks 13 and 14) and Green on the right (files m and n).",
  "rules-fourchess.setup.army":
    "Each player has a king, a queen, two rooks, two bishops, two knights and eight pawns. Seen from its owner's seat, every back row reads rook, knight, bishop, queen, king, bishop, knight, rook.",
  "rules-fourchess.setup.faces":
    "So each king faces the queen of the player opposite: Red's king on h1 looks straight up the board at Yellow's queen on h14.",
  "rules-fourchess.setup.shapes":
    "Besides its colour, every piece carries its owner's shape: ● Red, ▲ Blue, ■ Yellow, ◆ Green.",
  "rules-fourchess.setup.first":
    "Red moves first, then Blue, Yellow and Green. With the house rule that rotates the first player, each new game at the table starts one seat further round.",
  "rules-fourchess.setup.diagram":
    "The starting position, kings circled. Red is to move; the turn then passes clockwise to Blue, Yellow and Green.",

  "rules-fourchess.pieces.title": "How the pieces move",
  "rules-fourchess.pieces.moves":
    "Every piece moves as in ordinary chess: the king one square in any direction, the rook along files and ranks, the bishop along diagonals, the queen both ways, the knight in an L. A rook, bishop or queen cannot pass through a cut corner.",
  "rules-fourchess.pieces.pawns":
    "The pawns are what differs: each army's pawns march away from their owner towards the player opposite. Red's go up, Yellow's down, Blue's to the right and Green's to the left. A pawn moves one square forward, or two from its starting line when both squares are empty, and it captures one square diagonally forward.",
  "rules-fourchess.pieces.pawnsDiagram":
    "One pawn of each colour, each with the arrow of its two-square first step. Click a pawn to see its moves.",
  "rules-fourchess.pieces.promotion":
    "Where a pawn promotes depends on the format. In Teams it promotes on its owner's 11th row (Red on rank 11, Yellow on rank 4, Blue on file k, Green on file d) and becomes a queen, rook, bishop or knight. In Individual it promotes sooner, on its 8th row in the middle of the board (Red on rank 8, Yellow on rank 7, Blue on file h, Green on file g), and only to a queen, which is worth just 1 point when captured.",
  "rules-fourchess.pieces.promotionTeams":
    "Teams: each pawn is one step from its promotion square, circled. On this diagram a pawn becomes a queen; in a game you choose the piece.",
  "rules-fourchess.pieces.promotionIndividual":
    "Individual: the pawns promote in the middle of the board, on the circled squares, and only to a queen.",
  "rules-fourchess.pieces.castling":
    "Castling works as in chess, on both sides: the king moves two squares towards a rook, and that rook lands on the square the king crossed. The king and the rook must not have moved, the squares between them must be empty, and the king may not be in check, nor cross or land on a square an opponent attacks.",
  "rules-fourchess.pieces.castlingDiagram":
    "Red may castle either way: the king goes to j1 on the short side or to f1 on the long side. Click the king to try both.",
  "rules-fourchess.pieces.enPassant":
    "En passant exists too. When a pawn steps two squares, an opponent's pawn that could have captured it on the square it skipped may still do so, until the pawn's owner moves again.",
  "rules-fourchess.pieces.enPassantDiagram":
    "Push Red's pawn from e2 to e4: Blue's pawn on d4 answers by taking it en passant.",
  "rules-fourchess.pieces.enPassantDone":
    "Blue's pawn landed on e3, the square Red's pawn skipped, and took it.",
  "rules-fourchess.pieces.ownKing":
    "As in chess, you may never make a move that leaves your own king attacked by an opponent.",

  "rules-fourchess.teams.title": "Teams",
  "rules-fourchess.teams.partners":
    "In Teams the players sitting opposite are partners: Red and Yellow play against Blue and Green. You cannot capture your partner's pieces, and your partner's pieces never put you in check.",
  "rules-fourchess.teams.mate":
    "The first team to checkmate one opponent wins. A checkmate only counts when the mated player's turn arrives: a player who starts their turn in check with no legal move is checkmated, and their team loses.",
  "rules-fourchess.teams.mateDiagram":
    "Red's rook goes to n4 and checks Green's king, walled in by its own pawns. Blue, Green's partner, has nothing that can reach the rook's line. Play Red's move, then Yellow's.",
  "rules-fourchess.teams.mateDone":
    "The mate counted when Green's turn came: Green was in check with no legal move.",
  "rules-fourchess.teams.rescue":
    "Until the mated player's turn comes, their partner may still rescue them, by blocking the check or capturing the attacking piece.",
  "rules-fourchess.teams.rescueDiagram":
    "The same check, but Blue now has a rook on e6. Blue moves before Green: watch what it does after Red's move.",
  "rules-fourchess.teams.rescueDone":
    "Blue's rook blocked the check on n6. Green's turn comes without check: no mate, and the game goes on.",
  "rules-fourchess.teams.kingCapture":
    "A king left in check can even be captured. When an opponent who moves before the king's owner can take the king, that capture is allowed, and the capturing team wins at once.",
  "rules-fourchess.teams.kingCaptureDiagram":
    "Red's knight steps away from l10 and uncovers Yellow's bishop on Green's king. Blue cannot help, and Yellow, moving before Green, takes the king.",
  "rules-fourchess.teams.stalemate":
    "A player who starts their turn with no legal move but not in check is stalemated: the game is a draw for everyone.",
  "rules-fourchess.teams.endsIntro": "A Teams game ends in one of these ways:",
  "rules-fourchess.teams.endMate":
    "a checkmate at the mated player's turn, or a king captured: the other team wins;",
  "rules-fourchess.teams.endResign": "a resignation: the team of the player who resigned loses;",
  "rules-fourchess.teams.endDraw":
    "a stalemate, the same position three times, or fifty moves by every player without a capture or a pawn move: a draw;",
  "rules-fourchess.teams.endLimit": "the move limit, if the host set one: a draw.",

  "rules-fourchess.individual.title": "Individual (points)",
  "rules-fourchess.individual.intro":
    "In Individual everyone plays for themselves: the other three are all opponents, and points decide the winner. They come from captures, checkmates, and checks on several kings with one move.",
  "rules-fourchess.individual.event": "What you do",
  "rules-fourchess.individual.points": "Points",
  "rules-fourchess.individual.pawn": "Capture a pawn",
  "rules-fourchess.individual.knight": "Capture a knight",
  "rules-fourchess.individual.bishop": "Capture a bishop",
  "rules-fourchess.individual.rook": "Capture a rook",
  "rules-fourchess.individual.queen": "Capture a queen",
  "rules-fourchess.individual.promoted": "Capture a queen that was a pawn",
  "rules-fourchess.individual.grey": "Capture a grey piece",
  "rules-fourchess.individual.mate": "Checkmate an opponent, or capture their king",
  "rules-fourchess.individual.stalemate": "Stalemate an opponent",
  "rules-fourchess.individual.stalematePoints": "20, to the stalemated player",
  "rules-fourchess.individual.check1": "Check one king",
  "rules-fourchess.individual.check2": "Check two kings with one move",
  "rules-fourchess.individual.check2Points": "5 (1 if every check comes from a queen)",
  "rules-fourchess.individual.check3": "Check three kings with one move",
  "rules-fourchess.individual.check3Points": "20 (5 if every check comes from a queen)",
  "rules-fourchess.individual.draw": "The game is drawn",
  "rules-fourchess.individual.drawPoints": "10 to each player still in",
  "rules-fourchess.individual.atOnce":
    "In Individual a checkmate counts at once, right after the move that gives it: the mated player is out and the mover scores 20. A stalemated player is out too, but the 20 points go to them.",
  "rules-fourchess.individual.out":
    "A player who is checkmated, stalemated, resigns, runs out of time or loses their king is out, and the turn skips their seat. Their pieces stay on the board in grey: they never move and never give check, but they still stand in the way, and anyone may capture them for 0 points.",
  "rules-fourchess.individual.greyDiagram":
    "Blue is out, so its pieces are grey. The grey rook on h5 gives Red's king no check. Red's rook may take the grey queen on e12 for 0 points, or Green's knight on k9 for 3.",
  "rules-fourchess.individual.end":
    "The game ends when three players are out, or when only two remain and one of them leads the other by 21 points or more. Everyone is then ranked by points: a player who was checkmated keeps the points they scored and can still win. Players who resigned or ran out of time rank below everyone who stayed.",
  "rules-fourchess.individual.drawBonus":
    "A draw (the same position three times, fifty moves by every player without a capture or a pawn move, or a draw agreed) gives each player still in 10 points, and then the points decide the places. The move limit, if the host set one, ends the game on the points as they stand.",

  "rules-fourchess.faq.title": "Questions",
  "rules-fourchess.faq.playersQ": "How many people can play?",
  "rules-fourchess.faq.playersA":
    "There are four seats. The computer takes any seat left empty, so two or three friends can play together, or you alone against three computer players.",
  "rules-fourchess.faq.lengthQ": "How long does a game last?",
  "rules-fourchess.faq.lengthA":
    "About half an hour. Teams is usually shorter, because a single checkmate ends it.",
  "rules-fourchess.faq.waitQ": "My king is mated: is it over straight away?",
  "rules-fourchess.faq.waitA":
    "In Teams, not yet: the mate counts only when your turn comes, and your partner may block the check or take the attacker first. In Individual, yes: a mate counts at once, right after the move that gives it.",
  "rules-fourchess.faq.kingQ": "Can a king really be captured?",
  "rules-fourchess.faq.kingA":
    "Yes, when it has been left in check and another opponent moves before its owner. In Teams that capture wins the game; in Individual it scores 20 points and puts that player out.",
  "rules-fourchess.faq.greyQ": "What happens to the pieces of a player who is out?",
  "rules-fourchess.faq.greyA":
    "In Individual they turn grey and stay where they are. They never move or give check, and taking one scores nothing. In Teams there are no grey pieces, because the first mate ends the game.",
  "rules-fourchess.faq.promoteQ": "Where do pawns promote?",
  "rules-fourchess.faq.promoteA":
    "In Teams on your 11th row, to a queen, rook, bishop or knight. In Individual on your 8th row, in the middle of the board, and only to a queen, worth 1 point to whoever captures it.",
  "rules-fourchess.faq.resignQ": "Can I resign?",
  "rules-fourchess.faq.resignA":
    "Yes. In Teams your team loses the game. In Individual you are out, your pieces turn grey, and you rank below everyone who played on.",
  "rules-fourchess.faq.formatQ": "Teams or Individual: which should I try first?",
  "rules-fourchess.faq.formatA":
    "Teams. It is shorter, and working with a partner towards one checkmate is the easiest way into the game. Try Individual when you want a race for points.",

  "rules-fourchess.advice.title": "Advice for your first games",
  "rules-fourchess.advice.develop":
    "Bring out your knights and bishops early and castle: attacks can come from both sides at once.",
  "rules-fourchess.advice.twoSides":
    "Before each move, look at both opponents: each of them moves before your next turn, so a piece one of them attacks may be gone.",
  "rules-fourchess.advice.partner":
    "In Teams, watch your partner's king as well as your own. A piece that can block a check on it, or take its attacker, may save the game.",
  "rules-fourchess.advice.loose":
    "Leave no piece unprotected where an opponent can reach it: with three players moving in between, it rarely survives.",
  "rules-fourchess.advice.points":
    "In Individual, do not spend the game fighting one neighbour while the other two collect points. Valuable captures and checkmates win games; checking two kings at once scores too.",
  "rules-fourchess.advice.lead":
    "In Individual, count the points: once two players remain, a lead of 21 ends the game at once.",
} as const;

export type RulesFourchessKey = keyof typeof rulesFourchessEn;
