import type { enPlayer } from "./player-en";

/** Hindi: the words of the "You" section, the player pages and the leaderboard. */
export const hiPlayer: Readonly<Record<keyof typeof enPlayer, string>> = {
  "you.heading": "आप",
  "you.none":
    "इस डिवाइस पर अभी कोई खिलाड़ी नहीं है। जब आप पहली बार लोगों के साथ किसी टेबल पर बैठेंगे, तब खिलाड़ी बन जाएगा और आपकी रेटिंग उसी के साथ रहेगी।",
  "you.make": "अभी मेरा खिलाड़ी बनाएँ",
  "you.makeFailed": "अभी खिलाड़ी नहीं बन सका। थोड़ी देर में फिर कोशिश करें।",
  "you.loading": "आपकी रेटिंग आ रही है…",
  "you.failed": "अभी आपकी रेटिंग नहीं आ सकी।",
  "you.page": "आपका पेज",
  "you.carry": "दूसरे डिवाइस पर इस्तेमाल करें",
  "you.carryText":
    "यह लिंक दूसरे डिवाइस पर खोलें, या उसके कैमरे से कोड स्कैन करें। जिसके पास यह लिंक है, वह आपके रूप में खेल सकता है: इसे किसी से साझा न करें।",
  "you.carryLink": "आपका लिंक",
  "you.qr": "आपके लिंक का QR कोड",
  "you.copy": "लिंक कॉपी करें",
  "you.copied": "लिंक कॉपी हो गया।",
  "you.copyFailed": "लिंक कॉपी नहीं हो सका: उसे चुनकर ख़ुद कॉपी करें।",
  "you.forget": "इस डिवाइस पर मुझे भूल जाएँ",
  "you.forgetText":
    "यह डिवाइस अब {name} नहीं रहेगा। आपकी रेटिंग सुरक्षित रहेगी: फिर से {name} बनने के लिए इस डिवाइस पर अपना लिंक खोलें।",
  "you.forgetConfirm": "भूल जाएँ",
  "you.forgetCancel": "रहने दें",
  "you.carried": "अब इस डिवाइस पर आप {name} हैं।",
  "you.carriedUnknown": "यह खिलाड़ी लिंक यहाँ पहचाना नहीं गया: इस डिवाइस पर कुछ नहीं बदला।",

  "pool.xiangqi": "शियांगची",
  "pool.teams": "चार खिलाड़ियों की शतरंज, टीम",
  "pool.individual": "चार खिलाड़ियों की शतरंज, व्यक्तिगत",

  "player.games.one": "{n} खेल",
  "player.games.other": "{n} खेल",
  "player.rd": "विचलन {rd}",
  "player.provisional": "अस्थायी",
  "player.provisionalNote": "“?” वाली रेटिंग अस्थायी है: जैसे-जैसे आप और रेटेड खेल खेलेंगे, वह स्थिर होती जाएगी।",
  "player.heading": "खिलाड़ी",
  "player.ratings": "रेटिंग",
  "player.graph": "समय के साथ रेटिंग",
  "player.graphLabel": "{pool}: हर रेटेड खेल के बाद की रेटिंग, {first} से {last} तक",
  "player.graphTable": "ग्राफ़ तालिका के रूप में",
  "player.date": "तारीख़",
  "player.pool": "वर्ग",
  "player.before": "पहले",
  "player.after": "बाद में",
  "player.change": "बदलाव",
  "player.recent": "हाल के रेटेड खेल",
  "player.noGames": "अभी तक कोई रेटेड खेल नहीं।",
  "player.review": "समीक्षा",
  "player.unknown": "इस लिंक वाला कोई खिलाड़ी नहीं है।",
  "player.failed": "पेज नहीं खुल सका: {reason}",
  "player.leaderboard": "लीडरबोर्ड",

  "leaderboard.text":
    "पिछले 30 दिनों में खेलने वाले खिलाड़ियों की सबसे ऊँची स्थिर रेटिंग, हर वर्ग में ज़्यादा से ज़्यादा 100।",
  "leaderboard.pools": "वर्ग",
  "leaderboard.rank": "स्थान",
  "leaderboard.name": "खिलाड़ी",
  "leaderboard.rating": "रेटिंग",
  "leaderboard.games": "खेल",
  "leaderboard.empty":
    "इस वर्ग में अभी कोई स्थिर रेटिंग नहीं है। किसी खिलाड़ी की रेटिंग अस्थायी (“?”) न रहने पर वह यहाँ दिखेगा।",
};
