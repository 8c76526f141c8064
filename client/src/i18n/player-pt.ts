import type { enPlayer } from "./player-en";

/** Portuguese: the words of the "You" section, the player pages and the leaderboard. */
export const ptPlayer: Readonly<Record<keyof typeof enPlayer, string>> = {
  "you.heading": "Você",
  "you.none":
    "Este dispositivo ainda não tem um jogador. Ele é criado quando você se senta pela primeira vez a uma mesa com outras pessoas; seus ratings ficam com ele.",
  "you.make": "Criar meu jogador agora",
  "you.makeFailed": "Não foi possível criar o jogador agora. Tente de novo daqui a pouco.",
  "you.loading": "Carregando seus ratings…",
  "you.failed": "Não foi possível carregar seus ratings agora.",
  "you.page": "Sua página",
  "you.carry": "Usar em outro dispositivo",
  "you.carryText":
    "Abra este link no outro dispositivo ou leia o código com a câmera dele. Quem tiver o link joga como você: não o compartilhe.",
  "you.carryLink": "Seu link",
  "you.qr": "Código QR do seu link",
  "you.copy": "Copiar link",
  "you.copied": "Link copiado.",
  "you.copyFailed": "Não foi possível copiar o link: selecione-o e copie você mesmo.",
  "you.forget": "Esquecer-me neste dispositivo",
  "you.forgetText":
    "Este dispositivo deixa de ser {name}. Seus ratings continuam guardados: abra seu link neste dispositivo para voltar a ser {name}.",
  "you.forgetConfirm": "Esquecer-me",
  "you.forgetCancel": "Manter",
  "you.carried": "Agora você é {name} neste dispositivo.",
  "you.carriedUnknown": "Esse link de jogador não é conhecido aqui: nada mudou neste dispositivo.",

  "pool.xiangqi": "Xiangqi",
  "pool.teams": "Xadrez para quatro, Equipes",
  "pool.individual": "Xadrez para quatro, Individual",

  "player.games.one": "{n} partida",
  "player.games.other": "{n} partidas",
  "player.rd": "desvio {rd}",
  "player.provisional": "provisório",
  "player.provisionalNote":
    "Um rating com “?” é provisório: ele se firma à medida que mais partidas ranqueadas são jogadas.",
  "player.heading": "Jogador",
  "player.ratings": "Ratings",
  "player.graph": "Rating ao longo do tempo",
  "player.graphLabel": "{pool}: rating após cada partida ranqueada, de {first} a {last}",
  "player.graphTable": "O gráfico em forma de tabela",
  "player.date": "Data",
  "player.pool": "Modalidade",
  "player.before": "Antes",
  "player.after": "Depois",
  "player.change": "Variação",
  "player.recent": "Partidas ranqueadas recentes",
  "player.noGames": "Nenhuma partida ranqueada ainda.",
  "player.review": "Rever",
  "player.unknown": "Não há nenhum jogador com este link.",
  "player.failed": "Não foi possível carregar a página: {reason}",
  "player.leaderboard": "Classificação",

  "leaderboard.text":
    "Os melhores ratings já firmes de quem jogou nos últimos 30 dias, no máximo 100 por modalidade.",
  "leaderboard.pools": "Modalidades",
  "leaderboard.rank": "Posição",
  "leaderboard.name": "Jogador",
  "leaderboard.rating": "Rating",
  "leaderboard.games": "Partidas",
  "leaderboard.empty":
    "Ainda não há ratings firmes nesta modalidade. Um jogador aparece aqui quando seu rating deixa de ser provisório (“?”).",
};
