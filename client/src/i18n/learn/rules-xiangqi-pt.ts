import type { RulesXiangqiKey } from "./rules-xiangqi-en";

export const rulesXiangqiPt: Readonly<Record<RulesXiangqiKey, string>> = {
  "rules-xiangqi.s.intro": "O xiangqi em trinta segundos",
  "rules-xiangqi.intro.p1":
    "O xiangqi, muitas vezes chamado de xadrez chinês, é um jogo para duas pessoas: Vermelho e Preto. Cada lado tem dezesseis peças, que ficam nos pontos onde as linhas se cruzam, e não dentro de casas.",
  "rules-xiangqi.intro.p2":
    "O objetivo é dar xeque-mate no general adversário: atacá-lo de modo que nenhuma jogada o salve. Uma regra surpreende quem joga xadrez: o lado que fica sem nenhuma jogada válida perde, mesmo que o general não esteja em xeque. Não existe empate por afogamento.",
  "rules-xiangqi.intro.p3":
    "Todos os tabuleiros desta página são interativos. Clique em uma peça para ver aonde ela pode ir e tente uma jogada que as regras proíbem: o tabuleiro explica o motivo, com as mesmas frases da mesa de jogo.",

  "rules-xiangqi.s.setup": "O tabuleiro e a posição inicial",
  "rules-xiangqi.setup.p1":
    "O tabuleiro tem 9 linhas verticais e 10 horizontais, e as peças ficam nos 90 pontos onde elas se encontram. As colunas recebem as letras de a a i a partir da esquerda do Vermelho, e as fileiras os números de 0 a 9 a partir do lado do Vermelho; assim, a fileira de trás do Vermelho é a 0, e um ponto se escreve como e0 ou b7.",
  "rules-xiangqi.setup.p2":
    "O rio atravessa o meio do tabuleiro, entre as fileiras 4 e 5. Cada lado tem um palácio: os nove pontos marcados com um X, nas colunas d a f, fileiras 0 a 2 para o Vermelho e 7 a 9 para o Preto. O general e seus conselheiros nunca saem dele.",
  "rules-xiangqi.setup.p3":
    "No início, cada fileira de trás tem, da esquerda para a direita: carruagem, cavalo, elefante, conselheiro, general, conselheiro, elefante, cavalo, carruagem. Os dois canhões esperam duas fileiras à frente dos cavalos, e os cinco soldados ficam em pontos alternados da fileira seguinte.",
  "rules-xiangqi.setup.start":
    "A posição inicial, com o Vermelho embaixo. O Vermelho sempre começa, e depois os lados se alternam, uma jogada de cada vez. Clique em um canhão: ele já pode capturar o cavalo preto no fim da sua coluna saltando sobre o canhão preto.",
  "rules-xiangqi.setup.p4":
    "Uma peça captura ao ir para um ponto ocupado pelo adversário, e a peça capturada sai do tabuleiro. Só o canhão salta por cima de uma peça, e apenas para capturar.",

  "rules-xiangqi.s.pieces": "As sete peças",
  "rules-xiangqi.pieces.p1":
    "Cada tipo de peça tem uma letra, a mesma da lista de jogadas: K general, A conselheiro, E elefante, H cavalo, R carruagem, C canhão, P soldado. Na lista de jogadas, C2=5 quer dizer que o canhão da coluna 2 anda para o lado até a coluna 5; as colunas são contadas a partir da direita de cada jogador, + é para a frente e - é para trás.",
  "rules-xiangqi.pieces.head.letter": "Letra",
  "rules-xiangqi.pieces.head.move": "A peça e seu movimento, em resumo",
  "rules-xiangqi.pieces.sum.K": "General: um ponto em linha reta, dentro do palácio",
  "rules-xiangqi.pieces.sum.A": "Conselheiro: um ponto na diagonal, dentro do palácio",
  "rules-xiangqi.pieces.sum.E":
    "Elefante: dois pontos na diagonal, se o ponto do meio estiver vazio; não sai do seu lado do rio",
  "rules-xiangqi.pieces.sum.H":
    "Cavalo: um ponto reto e depois um na diagonal, para fora, se o primeiro ponto estiver vazio",
  "rules-xiangqi.pieces.sum.R": "Carruagem: qualquer distância em linha reta por pontos vazios",
  "rules-xiangqi.pieces.sum.C":
    "Canhão: anda como a carruagem; captura saltando exatamente uma peça",
  "rules-xiangqi.pieces.sum.P":
    "Soldado: um ponto para a frente; depois do rio, também para o lado; nunca para trás",
  "rules-xiangqi.pieces.general":
    "General (K). Anda um ponto para cima, para baixo, para a esquerda ou para a direita, e nunca sai do palácio. Outras duas regras o protegem: ele não pode ir para um ponto atacado pelo adversário, e os dois generais nunca podem ficar frente a frente numa coluna aberta.",
  "rules-xiangqi.pieces.general.diagram":
    "O general vermelho em d1 pode ir para d0, d2 ou e1, todos dentro do palácio. Clique nele e tente c1: o tabuleiro recusa, porque c1 fica fora do palácio.",
  "rules-xiangqi.pieces.advisor":
    "Conselheiro (A). Anda um ponto na diagonal e não sai do palácio, por isso só pode ocupar cinco pontos: os quatro cantos e o centro. A função dele é proteger o general.",
  "rules-xiangqi.pieces.advisor.diagram":
    "Clique no conselheiro em e1: ele pode ir para três cantos (d2 está ocupado pelo outro conselheiro). Depois tente tirar o conselheiro de d2 do palácio, para c3.",
  "rules-xiangqi.pieces.elephant":
    "Elefante (E). Anda exatamente dois pontos na diagonal. Se o ponto do meio, o olho do elefante, estiver ocupado por qualquer peça, esse movimento fica bloqueado. O elefante nunca atravessa o rio, por isso é uma peça de defesa.",
  "rules-xiangqi.pieces.elephant.diagram":
    "O cavalo em f3 tapa o olho do elefante em e2, então g4 fica fora de alcance: tente e2 para g4. O elefante em c4 está à beira do rio: tente c4 para a6.",
  "rules-xiangqi.pieces.horse":
    "Cavalo (H). Anda um ponto em linha reta e depois um ponto na diagonal, afastando-se de onde saiu, como um L. Se o primeiro ponto, a perna do cavalo, estiver ocupado por qualquer peça, de qualquer lado, o cavalo não pode ir naquela direção. O rio não o limita.",
  "rules-xiangqi.pieces.horse.diagram":
    "O soldado preto em e5 está na perna do cavalo vermelho, então d6 e f6 ficam bloqueados. Clique no cavalo para ver suas outras seis jogadas e depois tente e4 para d6.",
  "rules-xiangqi.pieces.chariot":
    "Carruagem (R). Anda qualquer distância por uma fileira ou coluna, desde que os pontos do caminho estejam vazios, e captura a primeira peça adversária que encontrar. É a peça mais forte do tabuleiro.",
  "rules-xiangqi.pieces.chariot.diagram":
    "A carruagem em c4 pode capturar o cavalo preto em c7, mas não pode passar pelo próprio soldado em g4. Tente c4 para h4.",
  "rules-xiangqi.pieces.cannon":
    "Canhão (C). Sem capturar, anda como a carruagem. Para capturar, precisa saltar exatamente uma peça, de qualquer lado, chamada anteparo, e cair sobre a peça adversária que está atrás dela. Sem anteparo, ou com dois, não captura; e nunca salta para um ponto vazio.",
  "rules-xiangqi.pieces.cannon.diagram":
    "O cavalo vermelho em b4 é o anteparo do canhão: o canhão em b2 pode saltá-lo para capturar a carruagem em b9. O cavalo preto em g2 não tem anteparo na frente: tente b2 para g2.",
  "rules-xiangqi.pieces.soldier":
    "Soldado (P). Anda um ponto para a frente. Depois de atravessar o rio, também pode andar um ponto para o lado. Nunca volta, e na última fileira só consegue andar para os lados.",
  "rules-xiangqi.pieces.soldier.diagram":
    "O soldado em c3 ainda não atravessou o rio: tente c3 para d3. O soldado em g5 já atravessou e pode ir para a frente ou para o lado, mas nunca para trás: tente g5 para g4.",

  "rules-xiangqi.s.keyRules": "Três regras-chave para testar",
  "rules-xiangqi.key.p1":
    "Estas três regras são as que mais surpreendem quem está começando. Cada tabuleiro abaixo deixa você testá-las: quem responde às suas jogadas é o mesmo motor que arbitra as partidas de verdade.",
  "rules-xiangqi.key.horseLeg":
    "A perna do cavalo. Na posição inicial, o cavalo vermelho em b0 gostaria de saltar para d1, mas o elefante em c0 está na sua perna. Clique em b0 e depois em d1 para ver a recusa; o cavalo pode ir para a2 ou c2.",
  "rules-xiangqi.key.flying":
    "Os generais frente a frente. Só o soldado vermelho em e5 está entre os dois generais na coluna e. Ele já atravessou o rio, então poderia andar para o lado, mas aqui não pode: os generais ficariam frente a frente. Tente e5 para d5 ou f5.",
  "rules-xiangqi.key.doubleCannon":
    "O mate de dois canhões. O Vermelho dá mate em três jogadas com os dois canhões na coluna central: o canhão de trás salta o da frente, e os conselheiros pretos em d9 e f9 prendem o general. Faça a jogada da seta verde; o Preto responde a cada vez.",
  "rules-xiangqi.key.doubleCannonDone":
    "O canhão de trás, em e2, dá xeque por cima do canhão da frente, em e4. O general não pode ir para o lado, subir para e8 o deixa na mesma coluna, e nenhuma peça preta consegue se colocar entre os canhões.",

  "rules-xiangqi.s.winning": "Vitória, derrota e empate",
  "rules-xiangqi.winning.p1": "Uma partida de xiangqi termina de uma destas formas:",
  "rules-xiangqi.winning.mate":
    "Xeque-mate: o general está sendo atacado e nenhuma jogada o salva. Quem dá o mate vence. O cartão de resultado diz o tipo de mate: xeque duplo, mate de dois canhões, mate de cavalo e canhão, ou a peça que deu o mate.",
  "rules-xiangqi.winning.noMove":
    "Sem jogada válida: o lado que não consegue jogar perde, mesmo que o general não esteja em xeque. Ao contrário do xadrez, isso não é empate.",
  "rules-xiangqi.winning.perpetual":
    "O xeque perpétuo é proibido. Se uma posição volta enquanto um lado deu xeque em todas as jogadas desde a última vez que ela apareceu e o outro não, o lado que dá xeque recebe um aviso na segunda vez que a posição aparece e perde na terceira. Esse lado precisa encontrar outra jogada.",
  "rules-xiangqi.winning.repetition":
    "Qualquer outra repetição não decide nada. Quando uma posição aparece pela terceira vez, ou depois de 60 jogadas de cada lado sem captura, os dois jogadores são avisados de que podem propor empate.",
  "rules-xiangqi.winning.plyLimit":
    "Depois de 400 jogadas no total (200 de cada lado), a partida termina empatada automaticamente.",
  "rules-xiangqi.winning.agreement":
    "Empate por acordo: um jogador propõe o empate e o outro aceita.",
  "rules-xiangqi.winning.resign":
    "Abandono: um jogador pode desistir a qualquer momento, e o outro vence.",
  "rules-xiangqi.winning.time":
    "Tempo: se o anfitrião ligar o relógio de xadrez, quem ficar sem tempo perde. Se em vez disso houver um limite por jogada, o computador joga por quem deixar os segundos acabarem.",
  "rules-xiangqi.winning.noMoveDiagram":
    "Vez do Vermelho. O Preto só tem o general, que não está em xeque e ainda pode ir para f9. Leve a carruagem de i1 para f1 para tirar também esse ponto, sem dar xeque.",
  "rules-xiangqi.winning.noMoveDone":
    "O general não está em xeque, mas todos os pontos para onde poderia ir estão atacados, e o Preto não tem outra peça. O Preto não pode jogar e, por isso, perde.",

  "rules-xiangqi.s.faq": "Perguntas e respostas",
  "rules-xiangqi.faq.q1": "Existe um jeito rápido de lembrar como as peças andam?",
  "rules-xiangqi.faq.a1":
    "Mais ou menos assim: a carruagem anda reto, o cavalo faz um L, o elefante faz uma diagonal de dois pontos, o canhão captura saltando, o general e os conselheiros ficam em casa no palácio, e o soldado vai para a frente. Depois aprenda os limites, que importam tanto quanto: a perna do cavalo, o olho do elefante e o rio, exatamente um anteparo para o canhão, e o soldado que nunca recua.",
  "rules-xiangqi.faq.q2": "Por que meu cavalo não quer andar?",
  "rules-xiangqi.faq.a2":
    "Provavelmente a perna dele está bloqueada. Olhe o ponto logo ao lado do cavalo na direção em que ele quer ir: para saltar para a frente, o ponto à frente dele; para saltar para a direita, o ponto à direita. Se houver qualquer peça ali, de qualquer cor, o cavalo não pode ir por esse lado.",
  "rules-xiangqi.faq.q3": "Como o canhão anda e captura?",
  "rules-xiangqi.faq.a3":
    "Quando não captura, ele desliza por uma linha de pontos vazios, igual à carruagem. Para capturar, precisa de exatamente uma peça entre ele e o alvo, de qualquer lado. Sem nada no meio, ou com duas peças ou mais, ele não captura, e nunca pode saltar uma peça para cair num ponto vazio.",
  "rules-xiangqi.faq.q4": "Por que os dois generais não podem ficar frente a frente?",
  "rules-xiangqi.faq.a4":
    "É uma regra do jogo: numa coluna sem nada entre eles, os generais estariam se atacando. Por isso não vale a jogada que tira a última peça entre eles, nem o passo de um general para uma coluna assim. Olhe a coluna inteira, não só os pontos ao lado dos generais.",
  "rules-xiangqi.faq.q5": "Ficar sem jogada válida é derrota ou empate?",
  "rules-xiangqi.faq.a5":
    "Derrota. Xeque-mate é estar em xeque sem saída; ficar sem jogada válida sem estar em xeque também perde no xiangqi. Esqueça a regra do xadrez que chama isso de afogamento e conta como empate.",
  "rules-xiangqi.faq.q6": "Eu perco se continuar dando xeque?",
  "rules-xiangqi.faq.a6":
    "Se só você continua dando xeque e a mesma posição volta sempre, sim: você recebe um aviso quando ela aparece pela segunda vez e perde na terceira. Se os dois lados continuam dando xeque, ou nenhum dá, a repetição só permite propor empate. As regras de torneio sobre perseguição perpétua não são julgadas aqui.",
  "rules-xiangqi.faq.q7": "Como treinar contra o computador?",
  "rules-xiangqi.faq.a7":
    "Comece no nível Iniciante. Use as dicas e volte jogadas enquanto aprende, e reveja a partida terminada para ver onde perdeu uma peça. Contra alguém muito mais forte, uma regra da casa deixa o lado mais forte jogar sem um ou sem os dois cavalos. Suba para Intermediário e Mestre quando estiver ganhando com frequência.",

  "rules-xiangqi.s.advice": "Conselhos para iniciantes",
  "rules-xiangqi.advice.safe":
    "Antes de cada jogada, confira se o seu general continua seguro depois dela.",
  "rules-xiangqi.advice.attacked":
    "Veja o que o adversário pode capturar antes de ver o que você pode capturar.",
  "rules-xiangqi.advice.lines":
    "Uma peça que se move pode abrir caminho para uma carruagem ou um canhão atrás dela, seu ou do adversário.",
  "rules-xiangqi.advice.screens":
    "Conte os anteparos: colocar ou tirar uma peça entre um canhão e o alvo muda o que ele ataca.",
  "rules-xiangqi.advice.develop":
    "Na abertura, coloque em jogo carruagens, cavalos e canhões um depois do outro, em vez de mexer sempre na mesma peça.",
  "rules-xiangqi.advice.centre":
    "Abra caminho para os cavalos cedo: um cavalo preso atrás das próprias peças não consegue sair.",
  "rules-xiangqi.advice.defenders":
    "Mantenha os conselheiros e os elefantes perto do general: eles são o escudo contra os mates de canhão e de cavalo.",
};
