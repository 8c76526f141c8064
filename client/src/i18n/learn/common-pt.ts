import type { CommonKey } from "./common-en";

export const commonPt: Readonly<Record<CommonKey, string>> = {
  "learn.rules.title.xiangqi": "Xiangqi: as regras",
  "learn.rules.title.fourchess": "Xadrez para quatro: as regras",
  "learn.lessons.title.xiangqi": "Lições de xiangqi",
  "learn.lessons.title.fourchess": "Lições de xadrez para quatro",
  "learn.lessons.intro":
    "Etapas curtas, cada uma com um objetivo. As regras conferem cada jogada: quando uma está errada, você vê o porquê e tenta de novo. Cada etapa vale até três estrelas, conforme as jogadas que você usou.",
  "learn.contents": "Nesta página",
  "learn.lobby": "Voltar ao lobby",
  "learn.toLessons": "Lições: aprenda jogando",
  "learn.toRules": "Regras",
  "learn.diagram.label": "Diagrama: {caption}",
  "learn.diagram.reset": "Recomeçar",
  "learn.diagram.try": "Clique em uma peça para ver aonde ela pode ir.",
  "learn.diagram.moves.one": "{piece} em {square}: 1 jogada possível, marcada no tabuleiro.",
  "learn.diagram.moves.other": "{piece} em {square}: {n} jogadas possíveis, marcadas no tabuleiro.",
  "learn.diagram.noMoves": "{piece} em {square} não pode se mover nesta posição.",
  "learn.diagram.offLine":
    "Essa jogada é permitida, mas este diagrama segue outra linha: tente a jogada que a seta mostra.",
  "learn.diagram.turn": "Vez do {color}.",
  "learn.stage.of": "Etapa {index} de {total}",
  "learn.stage.goal": "Objetivo",
  "learn.stage.moves.one": "{n} jogada",
  "learn.stage.moves.other": "{n} jogadas",
  "learn.stage.done": "Etapa concluída em {moves}!",
  "learn.stage.next": "Próxima etapa",
  "learn.stage.again": "Jogar de novo",
  "learn.stage.list": "Todas as etapas",
  "learn.stage.notLegalGoal":
    "Essa jogada é permitida, mas não alcança o objetivo desta etapa. Tente de novo.",
  "learn.stage.star": "Estrela conquistada.",
  "learn.stage.noCheck":
    "Aqui o adversário não se move, então você não pode dar xeque. Tente outra jogada.",
  "learn.stage.tooMany": "Jogadas demais: a etapa recomeça.",
  "learn.stage.locked": "Esta etapa não faz parte das lições.",
  "learn.stage.captured": "Capturada.",
  "learn.stage.finished": "Você concluiu todas as etapas deste jogo.",
  "learn.stars.label": "{stars} de 3 estrelas",
  "learn.stars.none": "Ainda não feita",
  "learn.house.title": "Regras da casa",
  "learn.house.intro":
    "O anfitrião as define antes de o jogo começar. Esta tabela vem das mesmas definições que o servidor lê, então mostra sempre o que o servidor aceita.",
  "learn.house.name": "Regra",
  "learn.house.does": "O que faz",
  "learn.house.default": "Padrão",
  "learn.house.who": "Quem pode mudar",
  "learn.house.host-before-start": "O anfitrião, antes do início do jogo",
  "learn.house.on": "Ligada",
  "learn.house.off": "Desligada",
  "learn.house.none": "Nenhum",
  "learn.house.does.format":
    "Equipes: Vermelho e Amarelo jogam contra Azul e Verde. Individual: cada um joga por pontos.",
  "learn.house.does.moveLimit":
    "Encerra o jogo depois desse número de jogadas, somando todos os jogadores; então os pontos decidem.",
  "learn.house.does.showLegalMoves": "Marca para onde a peça selecionada pode ir.",
  "learn.house.does.rotateFirst":
    "Cada novo jogo na mesa começa um lugar adiante, para que ninguém jogue sempre primeiro.",
  "learn.house.does.turnTimer":
    "Segundos para cada jogada; quando acabam, o computador joga por esse jogador.",
  "learn.house.does.clock":
    "Um relógio de xadrez para cada jogador: um tempo para a partida, com acréscimo ou atraso por jogada.",
  "learn.house.does.cpuLevel":
    "A força com que o computador joga nos lugares vazios e no lugar de quem caiu da conexão.",
  "learn.house.does.takebackConsent": "Voltar uma jogada contra uma pessoa exige o acordo dela.",
  "learn.house.does.handicap": "Um jogador mais forte abre mão de um ou dois cavalos no início.",
  "learn.house.does.hints": "Os jogadores podem pedir ao computador uma sugestão de jogada.",
  "learn.house.does.rated":
    "O resultado altera o rating dos jogadores. Cada lugar precisa de uma pessoa com chave de jogador; sem CPU, dicas nem voltar jogadas.",
};
