import type { RulesFourchessKey } from "./rules-fourchess-en";

export const rulesFourchessPt: Readonly<Record<RulesFourchessKey, string>> = {
  "rules-fourchess.intro.title": "Em 30 segundos",
  "rules-fourchess.intro.p1":
    "O xadrez para quatro é xadrez para quatro pessoas num tabuleiro em forma de cruz. Cada jogador comanda um exército completo num braço da cruz, e a vez passa em sentido horário: Vermelho, Azul, Amarelo, Verde.",
  "rules-fourchess.intro.board":
    "O tabuleiro: 14 por 14 casas sem os cantos, com 16 peças em cada lado.",
  "rules-fourchess.intro.teams":
    "Equipes: quem se senta frente a frente é parceiro, Vermelho e Amarelo contra Azul e Verde. Dar xeque-mate em um adversário dá a vitória à sua equipe.",
  "rules-fourchess.intro.individual":
    "Individual: cada um joga por si. Capturas e xeque-mates valem pontos, e vence a maior pontuação.",
  "rules-fourchess.intro.moves":
    "As peças se movem como no xadrez comum. A novidade é quem está sentado ao seu redor e para que lado marcham os peões de cada exército.",
  "rules-fourchess.intro.p2":
    "Uma partida dura cerca de meia hora. O modo por equipes costuma ser mais rápido e é o jeito mais fácil de começar.",

  "rules-fourchess.setup.title": "O tabuleiro e a posição inicial",
  "rules-fourchess.setup.board":
    "Pegue um tabuleiro de 14 por 14 casas e corte um bloco de 3 por 3 de cada canto: sobra uma cruz de 160 casas. As colunas vão de a até n a partir da esquerda do Vermelho, e as fileiras de 1 a 14 a partir do lado do Vermelho.",
  "rules-fourchess.setup.seats":
    "O Vermelho fica embaixo (fileiras 1 e 2), o Azul à esquerda (colunas a e b), o Amarelo em cima (fileiras 13 e 14) e o Verde à direita (colunas m e n).",
  "rules-fourchess.setup.army":
    "Cada jogador tem um rei, uma dama, duas torres, dois bispos, dois cavalos e oito peões. Vista do lugar do dono, cada fileira de trás segue a ordem torre, cavalo, bispo, dama, rei, bispo, cavalo, torre.",
  "rules-fourchess.setup.faces":
    "Assim, cada rei fica de frente para a dama do jogador oposto: o rei vermelho em h1 tem à sua frente, do outro lado do tabuleiro, a dama amarela em h14.",
  "rules-fourchess.setup.shapes":
    "Além da cor, cada peça traz a forma do seu dono: ● Vermelho, ▲ Azul, ■ Amarelo, ◆ Verde.",
  "rules-fourchess.setup.first":
    "O Vermelho joga primeiro, depois o Azul, o Amarelo e o Verde. Com a regra da casa que alterna quem começa, cada nova partida na mesa começa um lugar adiante.",
  "rules-fourchess.setup.diagram":
    "A posição inicial, com os reis circulados. É a vez do Vermelho; depois a vez passa em sentido horário para o Azul, o Amarelo e o Verde.",

  "rules-fourchess.pieces.title": "Como as peças se movem",
  "rules-fourchess.pieces.moves":
    "Todas as peças se movem como no xadrez comum: o rei uma casa em qualquer direção, a torre por colunas e fileiras, o bispo pelas diagonais, a dama das duas formas e o cavalo em L. Torre, bispo ou dama não podem atravessar um canto cortado.",
  "rules-fourchess.pieces.pawns":
    "O que muda são os peões: os peões de cada exército marcham para longe do dono, em direção ao jogador oposto. Os do Vermelho sobem, os do Amarelo descem, os do Azul vão para a direita e os do Verde para a esquerda. O peão avança uma casa, ou duas a partir da linha inicial se as duas estiverem vazias, e captura uma casa na diagonal para a frente.",
  "rules-fourchess.pieces.pawnsDiagram":
    "Um peão de cada cor, cada um com a seta do seu primeiro lance de duas casas. Clique num peão para ver os lances dele.",
  "rules-fourchess.pieces.promotion":
    "Onde o peão é promovido depende do modo. Por equipes, ele é promovido na 11ª fileira do dono (Vermelho na fileira 11, Amarelo na fileira 4, Azul na coluna k, Verde na coluna d) e vira dama, torre, bispo ou cavalo. No individual, é promovido mais cedo, na 8ª fileira, no meio do tabuleiro (Vermelho na fileira 8, Amarelo na fileira 7, Azul na coluna h, Verde na coluna g), e só vira dama, que vale apenas 1 ponto quando capturada.",
  "rules-fourchess.pieces.promotionTeams":
    "Equipes: cada peão está a um passo da sua casa de promoção, circulada. Neste diagrama o peão vira dama; numa partida você escolhe a peça.",
  "rules-fourchess.pieces.promotionIndividual":
    "Individual: os peões são promovidos no meio do tabuleiro, nas casas circuladas, e só viram dama.",
  "rules-fourchess.pieces.castling":
    "O roque funciona como no xadrez, para os dois lados: o rei anda duas casas em direção a uma torre, e essa torre pousa na casa que o rei atravessou. O rei e a torre não podem ter se movido, as casas entre eles devem estar vazias, e o rei não pode estar em xeque, nem atravessar ou parar numa casa atacada por um adversário.",
  "rules-fourchess.pieces.castlingDiagram":
    "O Vermelho pode rocar para os dois lados: o rei vai para j1 no roque pequeno ou para f1 no roque grande. Clique no rei para testar os dois.",
  "rules-fourchess.pieces.enPassant":
    "Também existe a captura en passant. Quando um peão avança duas casas, um peão adversário que poderia capturá-lo na casa pulada ainda pode fazê-lo, até o dono do peão jogar de novo.",
  "rules-fourchess.pieces.enPassantDiagram":
    "Avance o peão vermelho de e2 para e4: o peão azul em d4 responde capturando-o en passant.",
  "rules-fourchess.pieces.enPassantDone":
    "O peão azul parou em e3, a casa que o peão vermelho pulou, e o capturou.",
  "rules-fourchess.pieces.ownKing":
    "Como no xadrez, você nunca pode fazer um lance que deixe o seu próprio rei atacado por um adversário.",

  "rules-fourchess.teams.title": "Equipes",
  "rules-fourchess.teams.partners":
    "Por equipes, quem se senta frente a frente é parceiro: Vermelho e Amarelo jogam contra Azul e Verde. Você não pode capturar as peças do parceiro, e as peças dele nunca dão xeque em você.",
  "rules-fourchess.teams.mate":
    "Vence a primeira equipe que der xeque-mate em um adversário. O mate só conta quando chega a vez do jogador que o recebeu: quem começa a sua vez em xeque e sem lance válido leva xeque-mate, e a equipe dele perde.",
  "rules-fourchess.teams.mateDiagram":
    "A torre vermelha vai para n4 e dá xeque no rei verde, cercado pelos próprios peões. O Azul, parceiro do Verde, não tem peça que alcance a linha da torre. Faça o lance do Vermelho e depois o do Amarelo.",
  "rules-fourchess.teams.mateDone":
    "O mate contou quando chegou a vez do Verde: ele estava em xeque e sem lance válido.",
  "rules-fourchess.teams.rescue":
    "Até chegar a vez do jogador que levou o mate, o parceiro ainda pode salvá-lo, bloqueando o xeque ou capturando a peça atacante.",
  "rules-fourchess.teams.rescueDiagram":
    "O mesmo xeque, mas agora o Azul tem uma torre em e6. O Azul joga antes do Verde: veja o que ele faz depois do lance do Vermelho.",
  "rules-fourchess.teams.rescueDone":
    "A torre azul bloqueou o xeque em n6. A vez do Verde chega sem xeque: não há mate, e a partida continua.",
  "rules-fourchess.teams.kingCapture":
    "Um rei deixado em xeque pode até ser capturado. Quando um adversário que joga antes do dono do rei pode tomá-lo, essa captura é permitida, e a equipe que captura vence na hora.",
  "rules-fourchess.teams.kingCaptureDiagram":
    "O cavalo vermelho sai de l10 e abre a linha do bispo amarelo até o rei verde. O Azul não pode ajudar, e o Amarelo, que joga antes do Verde, captura o rei.",
  "rules-fourchess.teams.stalemate":
    "Quem começa a sua vez sem lance válido, mas sem estar em xeque, está afogado: a partida termina empatada para todos.",
  "rules-fourchess.teams.endsIntro": "Uma partida por equipes termina de uma destas formas:",
  "rules-fourchess.teams.endMate":
    "xeque-mate na vez de quem o recebeu, ou um rei capturado: a outra equipe vence;",
  "rules-fourchess.teams.endResign": "desistência: perde a equipe de quem desistiu;",
  "rules-fourchess.teams.endDraw":
    "afogamento, a mesma posição três vezes, ou cinquenta lances de cada jogador sem captura nem lance de peão: empate;",
  "rules-fourchess.teams.endLimit": "o limite de jogadas, se o anfitrião definiu um: empate.",

  "rules-fourchess.individual.title": "Individual (pontos)",
  "rules-fourchess.individual.intro":
    "No individual cada um joga por si: os outros três são todos adversários, e os pontos decidem o vencedor. Eles vêm de capturas, xeque-mates e xeques em vários reis com um só lance.",
  "rules-fourchess.individual.event": "O que você faz",
  "rules-fourchess.individual.points": "Pontos",
  "rules-fourchess.individual.pawn": "Capturar um peão",
  "rules-fourchess.individual.knight": "Capturar um cavalo",
  "rules-fourchess.individual.bishop": "Capturar um bispo",
  "rules-fourchess.individual.rook": "Capturar uma torre",
  "rules-fourchess.individual.queen": "Capturar uma dama",
  "rules-fourchess.individual.promoted": "Capturar uma dama que era peão",
  "rules-fourchess.individual.grey": "Capturar uma peça cinza",
  "rules-fourchess.individual.mate": "Dar xeque-mate num adversário, ou capturar o rei dele",
  "rules-fourchess.individual.stalemate": "Afogar um adversário",
  "rules-fourchess.individual.stalematePoints": "20, para o jogador afogado",
  "rules-fourchess.individual.check1": "Dar xeque em um rei",
  "rules-fourchess.individual.check2": "Dar xeque em dois reis com um lance",
  "rules-fourchess.individual.check2Points": "5 (1 se todos os xeques vierem de damas)",
  "rules-fourchess.individual.check3": "Dar xeque em três reis com um lance",
  "rules-fourchess.individual.check3Points": "20 (5 se todos os xeques vierem de damas)",
  "rules-fourchess.individual.draw": "A partida termina empatada",
  "rules-fourchess.individual.drawPoints": "10 para cada jogador ainda na partida",
  "rules-fourchess.individual.atOnce":
    "No individual o xeque-mate conta na hora, logo depois do lance que o dá: quem levou o mate sai da partida e quem o deu ganha 20 pontos. Um jogador afogado também sai, mas os 20 pontos ficam com ele.",
  "rules-fourchess.individual.out":
    "Quem leva xeque-mate, fica afogado, desiste, estoura o tempo ou perde o rei sai da partida, e a vez pula o seu lugar. As peças dele ficam no tabuleiro em cinza: nunca se movem e nunca dão xeque, mas continuam bloqueando o caminho, e qualquer um pode capturá-las por 0 pontos.",
  "rules-fourchess.individual.greyDiagram":
    "O Azul saiu, por isso as peças dele estão cinza. A torre cinza em h5 não dá xeque no rei vermelho. A torre vermelha pode tomar a dama cinza em e12 por 0 pontos, ou o cavalo verde em k9 por 3.",
  "rules-fourchess.individual.end":
    "A partida termina quando três jogadores estão fora, ou quando só restam dois e um deles está 21 pontos ou mais à frente do outro. Todos são então classificados pelos pontos: quem levou xeque-mate mantém os pontos que fez e ainda pode vencer. Quem desistiu ou estourou o tempo fica abaixo de todos que continuaram.",
  "rules-fourchess.individual.drawBonus":
    "Um empate (a mesma posição três vezes, cinquenta lances de cada jogador sem captura nem lance de peão, ou um empate combinado) dá 10 pontos a cada jogador ainda na partida, e então os pontos decidem a classificação. O limite de jogadas, se o anfitrião definiu um, encerra a partida com os pontos como estão.",

  "rules-fourchess.faq.title": "Perguntas",
  "rules-fourchess.faq.playersQ": "Quantas pessoas podem jogar?",
  "rules-fourchess.faq.playersA":
    "São quatro lugares. O computador ocupa qualquer lugar vazio, então dois ou três amigos podem jogar juntos, ou você sozinho contra três jogadores do computador.",
  "rules-fourchess.faq.lengthQ": "Quanto tempo dura uma partida?",
  "rules-fourchess.faq.lengthA":
    "Cerca de meia hora. Por equipes costuma ser mais curta, porque um único xeque-mate a encerra.",
  "rules-fourchess.faq.waitQ": "Meu rei levou mate: acabou na hora?",
  "rules-fourchess.faq.waitA":
    "Por equipes, ainda não: o mate só conta quando chega a sua vez, e o seu parceiro pode antes bloquear o xeque ou capturar o atacante. No individual, sim: o mate conta na hora, logo depois do lance que o dá.",
  "rules-fourchess.faq.kingQ": "Um rei pode mesmo ser capturado?",
  "rules-fourchess.faq.kingA":
    "Pode, quando foi deixado em xeque e outro adversário joga antes do dono dele. Por equipes essa captura vence a partida; no individual vale 20 pontos e tira aquele jogador da partida.",
  "rules-fourchess.faq.greyQ": "O que acontece com as peças de quem sai?",
  "rules-fourchess.faq.greyA":
    "No individual elas ficam cinza e permanecem onde estão. Não se movem nem dão xeque, e capturá-las não vale nada. Por equipes não existem peças cinza, porque o primeiro mate encerra a partida.",
  "rules-fourchess.faq.promoteQ": "Onde os peões são promovidos?",
  "rules-fourchess.faq.promoteA":
    "Por equipes, na sua 11ª fileira, virando dama, torre, bispo ou cavalo. No individual, na sua 8ª fileira, no meio do tabuleiro, e só em dama, que vale 1 ponto para quem a capturar.",
  "rules-fourchess.faq.resignQ": "Posso desistir?",
  "rules-fourchess.faq.resignA":
    "Pode. Por equipes, a sua equipe perde a partida. No individual você sai, suas peças ficam cinza e você fica abaixo de todos que continuaram jogando.",
  "rules-fourchess.faq.formatQ": "Equipes ou individual: qual experimentar primeiro?",
  "rules-fourchess.faq.formatA":
    "Equipes. A partida é mais curta, e jogar com um parceiro rumo a um único xeque-mate é o jeito mais fácil de entrar no jogo. Experimente o individual quando quiser uma corrida por pontos.",

  "rules-fourchess.advice.title": "Dicas para as primeiras partidas",
  "rules-fourchess.advice.develop":
    "Tire cedo os cavalos e os bispos e faça o roque: os ataques podem vir dos dois lados ao mesmo tempo.",
  "rules-fourchess.advice.twoSides":
    "Antes de cada lance, olhe para os dois adversários: cada um joga antes da sua próxima vez, então uma peça atacada por um deles pode sumir.",
  "rules-fourchess.advice.partner":
    "Por equipes, cuide do rei do parceiro tanto quanto do seu. Uma peça capaz de bloquear um xeque nele, ou de capturar o atacante, pode salvar a partida.",
  "rules-fourchess.advice.loose":
    "Não deixe peças desprotegidas ao alcance de um adversário: com três jogadores jogando no meio, ela raramente sobrevive.",
  "rules-fourchess.advice.points":
    "No individual, não passe a partida brigando com um só vizinho enquanto os outros dois somam pontos. Capturas valiosas e xeque-mates vencem partidas; dar xeque em dois reis de uma vez também pontua.",
  "rules-fourchess.advice.lead":
    "No individual, conte os pontos: quando restam dois jogadores, uma vantagem de 21 encerra a partida na hora.",
};
