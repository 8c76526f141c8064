import type { SiteKey } from "./site-en";

/** Portuguese: the words of the site's own pages (privacy, "My data", feedback). */
export const ptSite: Readonly<Record<SiteKey, string>> = {
  "privacy.title": "Privacidade",
  "privacy.intro":
    "O que as pessoas que mantêm este servidor guardam sobre você, por quê e por quanto tempo; e o que o seu navegador guarda neste dispositivo. Os prazos abaixo são as configurações deste servidor.",
  "privacy.loading": "Carregando as configurações deste servidor…",
  "privacy.failed": "Não foi possível carregar as configurações deste servidor agora: {reason}",
  "privacy.kept": "Por quanto tempo:",

  "privacy.server": "O que o servidor guarda",
  "privacy.tables": "Mesas em jogo",
  "privacy.tablesText":
    "As regras da casa de cada mesa, seus lances e os nomes usados, para que a partida continue e quem cair possa voltar.",
  "privacy.tableKeep.one":
    "Uma mesa sem ninguém espera {n} dia que alguém volte; depois é apagada.",
  "privacy.tableKeep.other":
    "Uma mesa sem ninguém espera {n} dias que alguém volte; depois é apagada.",
  "privacy.seatHold.one": "Um lugar cuja conexão caiu fica reservado por {n} segundo.",
  "privacy.seatHold.other": "Um lugar cuja conexão caiu fica reservado por {n} segundos.",
  "privacy.games": "Partidas terminadas",
  "privacy.gamesText":
    "Os lances, o resultado e os nomes dos jogadores, para que qualquer pessoa com o link da partida possa revê-la.",
  "privacy.archive.one": "Apagada {n} dia depois do fim da partida.",
  "privacy.archive.other": "Apagada {n} dias depois do fim da partida.",
  "privacy.untilErased": "Guardado até você pedir para apagar.",
  "privacy.players": "Jogadores e ratings",
  "privacy.playersText":
    "Só se você jogar partidas ranqueadas: um id de jogador, um hash da chave secreta do jogador (nunca a própria chave), o nome, os ratings e o histórico de partidas ranqueadas, para os ratings e o ranking.",
  "privacy.addresses": "Endereços de rede",
  "privacy.addressesText":
    "Seu endereço serve para frear quem envia pedidos demais. Ele fica apenas na memória do servidor e nunca é gravado às claras no armazenamento nem nos logs.",
  "privacy.addressKey.one":
    "Só como hash com chave, e a chave muda a cada {n} hora; some quando o servidor para.",
  "privacy.addressKey.other":
    "Só como hash com chave, e a chave muda a cada {n} horas; some quando o servidor para.",
  "privacy.feedback": "Opiniões",
  "privacy.feedbackText":
    "O que você escreve na página de opiniões, com a partida, a mesa ou a versão de que trata e o id deste dispositivo, para que um dispositivo não envie demais. Uma mensagem mostrada a todos não mostra nome.",
  "privacy.feedbackDays.one": "Apagada {n} dia depois de enviada.",
  "privacy.feedbackDays.other": "Apagada {n} dias depois de enviada.",

  "privacy.device": "O que este dispositivo guarda",
  "privacy.deviceText":
    "Seu navegador guarda isto neste dispositivo, nunca no servidor. Só os tokens de lugar e a chave do jogador são enviados, e só para este servidor. Tudo fica até você apagar abaixo ou limpar os dados deste site no navegador.",
  "privacy.deviceName": "O nome que você usa nas mesas, para preenchê-lo da próxima vez.",
  "privacy.deviceId":
    "Um id aleatório deste dispositivo, para que opiniões e recomendações contem um voto por dispositivo. Ele não identifica ninguém.",
  "privacy.deviceTables":
    "Para cada mesa em que você se sentou na última semana, o token secreto que devolve o seu lugar.",
  "privacy.deviceGames":
    "As últimas partidas que você jogou ou assistiu até o fim, para a lista do saguão.",
  "privacy.deviceAnalyses":
    "As análises do motor das últimas partidas que você reviu, para mostrá-las na hora.",
  "privacy.deviceLessons": "As estrelas que você ganhou nas lições.",
  "privacy.devicePlayer": "Se você tem um jogador: o id e a chave secreta dele.",
  "privacy.deviceSettings":
    "Suas configurações: idioma, sons, aparência das peças, suas últimas escolhas contra o computador e no jogo rápido.",

  "privacy.erase": "Apagamento",
  "privacy.eraseText":
    "“Apagar”, abaixo, pede a este servidor que apague o que guarda dos lugares e do jogador deste dispositivo: seu nome sai dessas mesas e partidas terminadas, e o jogador com seus ratings é apagado. Depois remove tudo o que este dispositivo guarda.",
  "privacy.contact":
    "Para qualquer outra questão sobre seus dados, ou para pedir o apagamento por e-mail, escreva para {contact}.",
  "privacy.noContact":
    "Para qualquer outra questão sobre seus dados, escreva às pessoas que mantêm este servidor na página de opiniões.",
  "privacy.feedbackLink": "Página de opiniões",

  "mine.heading": "Meus dados",
  "mine.text": "O que este dispositivo guarda agora.",
  "mine.name": "Nome",
  "mine.player": "Id do jogador",
  "mine.device": "Id do dispositivo",
  "mine.tables": "Mesas com token de lugar",
  "mine.games": "Partidas recentes",
  "mine.analyses": "Análises guardadas",
  "mine.lessons": "Lições com estrelas",
  "mine.settings": "Configurações",
  "mine.none": "Nenhum",
  "mine.download": "Baixar meus dados",
  "mine.erase": "Apagar meus dados",
  "mine.confirmTitle": "Apagar seus dados?",
  "mine.confirmText":
    "Este servidor recebe o pedido de apagar o que guarda dos lugares e do jogador deste dispositivo; depois tudo o que este dispositivo guarda é removido. Isso não pode ser desfeito.",
  "mine.confirm": "Apagar",
  "mine.cancel": "Cancelar",
  "mine.erasing": "Apagando…",
  "mine.erased":
    "Apagado: este servidor apagou o que guardava deste dispositivo, e este dispositivo não guarda mais nada.",
  "mine.unreachable":
    "Não foi possível falar com o servidor: nada foi removido deste dispositivo. Tente de novo.",

  "error.erase/invalid": "Informe um token de lugar ou uma chave de jogador para apagar.",
  "error.feedback/invalid":
    "Não foi possível ler a mensagem: escolha um tipo e escreva até {max} caracteres.",
  "error.feedback/not-found": "Essa mensagem não existe.",
  "error.recommend/invalid": "Responda sim ou não para um jogo que este servidor tem.",

  // Feedback and recommendations (voice).
  "feedback.title": "Enviar uma mensagem",
  "feedback.kind": "Sobre o quê?",
  "feedback.kind.problem": "Relatar um problema",
  "feedback.kind.setting": "Pedir uma opção",
  "feedback.kind.other": "Outro",
  "feedback.text": "Sua mensagem",
  "feedback.count": "Caracteres: {n}/{max}",
  "feedback.note":
    "O responsável pode publicar sua mensagem com uma resposta na página de mensagens. Não escreva dados pessoais.",
  "feedback.send": "Enviar",
  "feedback.sending": "Enviando…",
  "feedback.cancel": "Cancelar",
  "feedback.close": "Fechar",
  "feedback.empty": "Escreva uma mensagem primeiro.",
  "feedback.thanksTitle": "Obrigado",
  "feedback.thanks": "Sua mensagem foi enviada.",
  "feedback.seeAnswers": "As respostas são publicadas na página de mensagens",
  "feedback.tooMany": "Mensagens demais daqui; tente de novo mais tarde.",
  "feedback.offline": "Não foi possível falar com o servidor; verifique a conexão e tente de novo.",
  "feedback.page": "Mensagens",
  "feedback.intro":
    "Problemas relatados e opções pedidas, com as respostas, como o responsável as publicou.",
  "feedback.game": "Jogo",
  "feedback.allGames": "Todos os jogos",
  "feedback.general": "O site",
  "feedback.write": "Enviar uma mensagem",
  "feedback.none": "Nada foi publicado ainda.",
  "feedback.answer": "Resposta",
  "feedback.status.new": "Nova",
  "feedback.status.planned": "Planejada",
  "feedback.status.done": "Feita",
  "feedback.status.declined": "Recusada",
  "desk.title": "Mesa de mensagens",
  "desk.password": "Senha",
  "desk.enter": "Abrir a mesa",
  "desk.wrong": "Essa senha está errada.",
  "desk.none": "Este servidor não tem mesa: ninguém responde às mensagens aqui.",
  "desk.lock": "Trancar a mesa",
  "desk.opened": "A mesa está aberta.",
  "desk.empty": "Nenhuma mensagem.",
  "desk.table": "Mesa {id}",
  "desk.game": "Partida {id}",
  "desk.version": "Versão {version}",
  "desk.language": "Escrita em {language}",
  "desk.isPublished": "Publicada",
  "desk.isHidden": "Oculta",
  "desk.status": "Situação",
  "desk.answer": "Resposta",
  "desk.publish": "Publicada na página de mensagens",
  "desk.save": "Salvar",
  "desk.saved": "Salvo.",
};
