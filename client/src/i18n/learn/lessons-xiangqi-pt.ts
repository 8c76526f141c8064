import type { LessonsXiangqiKey } from "./lessons-xiangqi-en";

export const lessonsXiangqiPt: Readonly<Record<LessonsXiangqiKey, string>> = {
  "lessons-xiangqi.general-palace.title": "O general",
  "lessons-xiangqi.general-palace.goal":
    "O general anda um ponto para a frente, para trás ou para o lado, e nunca sai do palácio. Passe pelas duas estrelas.",
  "lessons-xiangqi.advisor-diagonals.title": "O conselheiro",
  "lessons-xiangqi.advisor-diagonals.goal":
    "O conselheiro anda um ponto pelas linhas diagonais do palácio. Chegue às duas estrelas.",
  "lessons-xiangqi.elephant-river.title": "O elefante",
  "lessons-xiangqi.elephant-river.goal":
    "O elefante anda dois pontos na diagonal, a não ser que haja uma peça no ponto do meio (o olho dele), e nunca atravessa o rio. Chegue às duas estrelas.",
  "lessons-xiangqi.horse-moves.title": "O cavalo",
  "lessons-xiangqi.horse-moves.goal":
    "O cavalo anda um ponto reto e depois um ponto na diagonal, afastando-se de onde saiu. Chegue às duas estrelas.",
  "lessons-xiangqi.horse-leg.title": "A perna do cavalo",
  "lessons-xiangqi.horse-leg.goal":
    "O soldado em e4 está na perna do cavalo, então o cavalo não pode saltar para aquele lado. Dê a volta para chegar à estrela.",
  "lessons-xiangqi.chariot-lines.title": "A carruagem",
  "lessons-xiangqi.chariot-lines.goal":
    "A carruagem corre qualquer distância em linha reta, desde que nada esteja no caminho. Pegue todas as estrelas.",
  "lessons-xiangqi.cannon-moves.title": "O canhão",
  "lessons-xiangqi.cannon-moves.goal":
    "O canhão anda como a carruagem e só salta por cima de uma peça para capturar. Pegue as duas estrelas.",
  "lessons-xiangqi.soldier-river.title": "O soldado",
  "lessons-xiangqi.soldier-river.goal":
    "O soldado anda para a frente. Depois de atravessar o rio, também pode andar para o lado, mas nunca para trás. Chegue às duas estrelas.",
  "lessons-xiangqi.chariot-captures.title": "Capturando com a carruagem",
  "lessons-xiangqi.chariot-captures.goal":
    "Capture as três peças marcadas com a sua carruagem. O outro lado não se move.",
  "lessons-xiangqi.cannon-screen.title": "Capturando com o canhão",
  "lessons-xiangqi.cannon-screen.goal":
    "Para capturar, o canhão salta exatamente uma peça de qualquer cor, o anteparo. Capture as duas peças marcadas.",
  "lessons-xiangqi.horse-captures.title": "Capturando com o cavalo",
  "lessons-xiangqi.horse-captures.goal":
    "Capture as três peças marcadas com o seu cavalo, uma depois da outra.",
  "lessons-xiangqi.flying-general.title": "Os generais não podem se encarar",
  "lessons-xiangqi.flying-general.goal":
    "Capture o cavalo marcado. Cuidado: o seu cavalo é a única peça entre os dois generais, e eles nunca podem se ver numa coluna vazia.",
  "lessons-xiangqi.check-step-aside.title": "Sair do xeque: sair da linha",
  "lessons-xiangqi.check-step-aside.goal":
    "A carruagem preta dá xeque. Tire o seu general da linha dela.",
  "lessons-xiangqi.check-capture.title": "Sair do xeque: capturar",
  "lessons-xiangqi.check-capture.goal": "A carruagem preta dá xeque. Capture-a.",
  "lessons-xiangqi.check-block.title": "Sair do xeque: bloquear",
  "lessons-xiangqi.check-block.goal":
    "A carruagem preta dá xeque e não pode ser capturada. Coloque uma das suas peças entre ela e o seu general.",
  "lessons-xiangqi.check-horse-leg.title": "Sair do xeque: a perna do cavalo",
  "lessons-xiangqi.check-horse-leg.goal":
    "O cavalo preto dá xeque. Impeça-o pondo uma peça na perna dele, o ponto vizinho na direção do seu general.",
  "lessons-xiangqi.check-second-screen.title": "Sair do xeque: um segundo anteparo",
  "lessons-xiangqi.check-second-screen.goal":
    "O canhão preto dá xeque por cima de um anteparo. Com duas peças no meio ele não captura: coloque mais uma peça na linha.",
  "lessons-xiangqi.check-no-screen.title": "Sair do xeque: sem anteparo",
  "lessons-xiangqi.check-no-screen.goal":
    "O canhão preto dá xeque usando o seu cavalo como anteparo. Tire o cavalo da linha, e o canhão fica sem nada para saltar.",
  "lessons-xiangqi.mate-chariot.title": "Mate com a carruagem",
  "lessons-xiangqi.mate-chariot.goal":
    "Xeque-mate em uma jogada: dê um xeque do qual o general preto não consiga escapar. O seu soldado guarda um dos pontos dele.",
  "lessons-xiangqi.mate-facing-generals.title": "Mate com a ajuda do seu general",
  "lessons-xiangqi.mate-facing-generals.goal":
    "Xeque-mate em uma jogada. O seu general vigia a coluna aberta à frente dele, então o general preto não pode entrar nessa coluna.",
  "lessons-xiangqi.mate-horse.title": "Mate com o cavalo",
  "lessons-xiangqi.mate-horse.goal":
    "Xeque-mate em uma jogada com o cavalo. A sua carruagem já guarda a coluna f.",
  "lessons-xiangqi.mate-cannon.title": "Mate com o canhão",
  "lessons-xiangqi.mate-cannon.goal":
    "Xeque-mate em uma jogada com o canhão, usando o seu soldado como anteparo.",
  "lessons-xiangqi.mate-double-cannon.title": "Mate com dois canhões",
  "lessons-xiangqi.mate-double-cannon.goal":
    "Xeque-mate em uma jogada: alinhe os dois canhões, de modo que um sirva de anteparo para o outro.",
  "lessons-xiangqi.wrong.step":
    "Isso também acaba com o xeque, mas nesta etapa mova o próprio general.",
  "lessons-xiangqi.wrong.capture":
    "Isso também acaba com o xeque, mas nesta etapa capture a carruagem que dá xeque.",
  "lessons-xiangqi.wrong.block":
    "Isso também acaba com o xeque, mas nesta etapa bloqueie a linha com uma peça.",
  "lessons-xiangqi.wrong.leg":
    "Isso também acaba com o xeque, mas nesta etapa bloqueie a perna do cavalo.",
  "lessons-xiangqi.wrong.addScreen":
    "Isso também acaba com o xeque, mas nesta etapa coloque uma segunda peça entre o canhão e o seu general.",
  "lessons-xiangqi.wrong.removeScreen":
    "Isso também acaba com o xeque, mas nesta etapa tire o anteparo da linha do canhão.",
};
