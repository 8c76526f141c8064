import type { LessonsFourchessKey } from "./lessons-fourchess-en";

export const lessonsFourchessPt: Readonly<Record<LessonsFourchessKey, string>> = {
  "lessons-fourchess.cross-board.title": "Um tabuleiro em forma de cruz",
  "lessons-fourchess.cross-board.goal":
    "Os quatro cantos de 3×3 foram cortados: não são casas, e nenhuma peça pode ficar neles. Leve a torre até as duas estrelas.",
  "lessons-fourchess.king-stars.title": "O rei",
  "lessons-fourchess.king-stars.goal":
    "O rei anda uma casa em qualquer direção. Passe com ele pelas duas estrelas.",
  "lessons-fourchess.bishop-stars.title": "O bispo",
  "lessons-fourchess.bishop-stars.goal":
    "O bispo desliza pelas diagonais, mas nunca atravessa um canto cortado. Alcance as duas estrelas.",
  "lessons-fourchess.knight-stars.title": "O cavalo",
  "lessons-fourchess.knight-stars.goal":
    "O cavalo salta em L, por cima do que estiver no caminho, mas nunca cai num canto cortado. Pegue as três estrelas.",
  "lessons-fourchess.queen-stars.title": "A dama",
  "lessons-fourchess.queen-stars.goal":
    "A dama desliza em linha reta ou na diagonal enquanto o caminho estiver livre. Pegue as três estrelas.",
  "lessons-fourchess.turn-order.title": "Quem joga agora",
  "lessons-fourchess.turn-order.goal":
    "A vez passa em sentido horário: Vermelho, Azul, Amarelo e depois Verde. Leve o cavalo de cada jogador até uma estrela, nessa ordem.",
  "lessons-fourchess.pawn-directions.title": "Quatro sentidos para a frente",
  "lessons-fourchess.pawn-directions.goal":
    "Cada peão vai para o lado oposto: o do Vermelho sobe, o do Azul vai para a direita, o do Amarelo desce e o do Verde vai para a esquerda. Da fila inicial, um peão pode avançar duas casas: leve cada peão à sua estrela, na vez de cada um.",
  "lessons-fourchess.pawn-capture.title": "O peão captura na diagonal",
  "lessons-fourchess.pawn-capture.goal":
    "O peão captura uma casa na diagonal para a frente, nunca em linha reta. Capture as duas peças marcadas com o peão vermelho.",
  "lessons-fourchess.partners.title": "As peças do seu parceiro",
  "lessons-fourchess.partners.goal":
    "Em Equipes, o Amarelo fica à sua frente e é seu parceiro: as peças dele não podem ser capturadas e atrapalham o seu caminho. Capture com a dama as peças marcadas do Azul e do Verde.",
  "lessons-fourchess.castling.title": "O roque",
  "lessons-fourchess.castling.goal":
    "O rei anda duas casas em direção a uma torre, e a torre vai para a casa que o rei atravessou. Faça o roque para o rei parar na estrela.",
  "lessons-fourchess.promotion-teams.title": "Promoção em Equipes",
  "lessons-fourchess.promotion-teams.goal":
    "Em Equipes, o peão promove na sua 11ª fila, três filas depois do meio. Leve o peão até a estrela.",
  "lessons-fourchess.promotion-individual.title": "Promoção no Individual",
  "lessons-fourchess.promotion-individual.goal":
    "No Individual, o peão promove na sua 8ª fila, a linha do meio, e sempre vira dama (que, capturada, vale só 1 ponto). Promova o peão na estrela.",
  "lessons-fourchess.escape-check.title": "Sair do xeque",
  "lessons-fourchess.escape-check.goal":
    "A torre azul dá xeque no seu rei. Encontre a única casa segura: lembre que as peças do seu parceiro nunca dão xeque.",
  "lessons-fourchess.take-the-king.title": "Capture o rei",
  "lessons-fourchess.take-the-king.goal":
    "Em Equipes, um rei deixado em xeque pode ser capturado por um adversário que jogue antes do dono dele, e isso ganha a partida. Capture o rei azul.",
  "lessons-fourchess.teams-mate.title": "Xeque-mate em Equipes",
  "lessons-fourchess.teams-mate.goal":
    "Dê xeque-mate no Verde com a torre. O mate só vale quando chega a vez do Verde: antes jogam o Azul e o Amarelo, e o Azul ainda poderia salvar o parceiro.",
  "lessons-fourchess.individual-points.title": "Pontos no Individual",
  "lessons-fourchess.individual-points.goal":
    "Aqui todos são seus adversários. A dama vale 9 pontos, a torre e o bispo 5, o cavalo 3 e o peão 1. Faça 14 pontos com o cavalo.",
  "lessons-fourchess.two-kings.title": "Xeque em dois reis",
  "lessons-fourchess.two-kings.goal":
    "Dar xeque em um rei não rende nada, mas um lance que dá xeque em dois reis ao mesmo tempo vale 5 pontos. Ganhe-os com a torre.",
};
