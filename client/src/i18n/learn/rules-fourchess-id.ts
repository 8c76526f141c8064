import type { RulesFourchessKey } from "./rules-fourchess-en";

export const rulesFourchessId: Readonly<Record<RulesFourchessKey, string>> = {
  "rules-fourchess.intro.title": "Dalam 30 detik",
  "rules-fourchess.intro.p1":
    "Catur empat pemain adalah catur untuk empat orang di papan berbentuk salib. Setiap pemain memimpin satu pasukan catur lengkap di satu lengan salib, dan giliran berputar searah jarum jam: Merah, Biru, Kuning, Hijau.",
  "rules-fourchess.intro.board":
    "Papannya: 14 kali 14 petak tanpa keempat sudutnya, dengan 16 bidak di tiap sisi.",
  "rules-fourchess.intro.teams":
    "Tim: pemain yang duduk berhadapan adalah rekan, Merah dan Kuning melawan Biru dan Hijau. Menskakmat satu lawan berarti tim Anda menang.",
  "rules-fourchess.intro.individual":
    "Individu: setiap orang bermain sendiri. Memakan bidak dan skakmat memberi poin, dan poin tertinggi menang.",
  "rules-fourchess.intro.moves":
    "Bidak bergerak seperti di catur biasa. Yang baru adalah siapa saja yang duduk di sekeliling Anda, dan ke arah mana pion tiap pasukan berjalan.",
  "rules-fourchess.intro.p2":
    "Satu permainan berlangsung sekitar setengah jam. Mode tim biasanya lebih cepat dan lebih mudah untuk memulai.",

  "rules-fourchess.setup.title": "Papan dan posisi awal",
  "rules-fourchess.setup.board":
    "Ambil papan 14 kali 14 petak lalu potong kotak 3 kali 3 dari setiap sudutnya: tersisa salib dengan 160 petak. Lajur diberi huruf a sampai n dari kiri Merah, baris diberi nomor 1 sampai 14 dari sisi Merah.",
  "rules-fourchess.setup.seats":
    "Merah duduk di bawah (baris 1 dan 2), Biru di kiri (lajur a dan b), Kuning di atas (baris 13 dan 14), dan Hijau di kanan (lajur m dan n).",
  "rules-fourchess.setup.army":
    "Setiap pemain punya satu raja, satu menteri, dua benteng, dua gajah, dua kuda, dan delapan pion. Dilihat dari tempat duduk pemiliknya, setiap baris belakang berurutan benteng, kuda, gajah, menteri, raja, gajah, kuda, benteng.",
  "rules-fourchess.setup.faces":
    "Jadi setiap raja berhadapan dengan menteri pemain di seberangnya: raja Merah di h1 memandang lurus ke menteri Kuning di h14.",
  "rules-fourchess.setup.shapes":
    "Selain warnanya, setiap bidak membawa tanda bentuk pemiliknya: ● Merah, ▲ Biru, ■ Kuning, ◆ Hijau.",
  "rules-fourchess.setup.first":
    "Merah melangkah pertama, lalu Biru, Kuning, dan Hijau. Dengan aturan lokal yang menggilir pemain pertama, setiap permainan baru di meja yang sama dimulai satu kursi lebih jauh.",
  "rules-fourchess.setup.diagram":
    "Posisi awal, raja-raja dilingkari. Merah yang melangkah; sesudah itu giliran berpindah searah jarum jam ke Biru, Kuning, dan Hijau.",

  "rules-fourchess.pieces.title": "Cara bidak bergerak",
  "rules-fourchess.pieces.moves":
    "Setiap bidak bergerak seperti di catur biasa: raja satu petak ke segala arah, benteng sepanjang lajur dan baris, gajah sepanjang diagonal, menteri keduanya, kuda membentuk huruf L. Benteng, gajah, atau menteri tidak dapat melintasi sudut yang terpotong.",
  "rules-fourchess.pieces.pawns":
    "Yang berbeda adalah pionnya: pion setiap pasukan berjalan menjauhi pemiliknya, menuju pemain di seberang. Pion Merah naik, pion Kuning turun, pion Biru ke kanan, dan pion Hijau ke kiri. Pion maju satu petak, atau dua petak dari garis awalnya bila kedua petak kosong, dan memakan satu petak diagonal ke depan.",
  "rules-fourchess.pieces.pawnsDiagram":
    "Satu pion dari tiap warna, masing-masing dengan panah langkah pertamanya sejauh dua petak. Klik sebuah pion untuk melihat langkahnya.",
  "rules-fourchess.pieces.promotion":
    "Tempat promosi pion bergantung pada mode. Dalam mode tim, pion berpromosi di baris ke-11 pemiliknya (Merah di baris 11, Kuning di baris 4, Biru di lajur k, Hijau di lajur d) dan menjadi menteri, benteng, gajah, atau kuda. Dalam mode individu, pion berpromosi lebih cepat, di baris ke-8 di tengah papan (Merah di baris 8, Kuning di baris 7, Biru di lajur h, Hijau di lajur g), dan hanya menjadi menteri, yang bernilai 1 poin saja bila dimakan.",
  "rules-fourchess.pieces.promotionTeams":
    "Tim: setiap pion tinggal satu langkah dari petak promosinya yang dilingkari. Di diagram ini pion menjadi menteri; dalam permainan Anda memilih bidaknya.",
  "rules-fourchess.pieces.promotionIndividual":
    "Individu: pion berpromosi di tengah papan, di petak yang dilingkari, dan hanya menjadi menteri.",
  "rules-fourchess.pieces.castling":
    "Rokade berlaku seperti di catur, ke dua sisi: raja melangkah dua petak ke arah benteng, dan benteng itu mendarat di petak yang dilewati raja. Raja dan benteng itu belum pernah bergerak, petak di antara keduanya harus kosong, dan raja tidak boleh sedang diskak, melewati, atau mendarat di petak yang diserang lawan.",
  "rules-fourchess.pieces.castlingDiagram":
    "Merah boleh berokade ke dua arah: raja ke j1 di sisi pendek atau ke f1 di sisi panjang. Klik raja untuk mencoba keduanya.",
  "rules-fourchess.pieces.enPassant":
    "En passant juga berlaku. Ketika sebuah pion melangkah dua petak, pion lawan yang bisa memakannya di petak yang dilompati masih boleh melakukannya, sampai pemilik pion itu melangkah lagi.",
  "rules-fourchess.pieces.enPassantDiagram":
    "Majukan pion Merah dari e2 ke e4: pion Biru di d4 membalas dengan memakannya secara en passant.",
  "rules-fourchess.pieces.enPassantDone":
    "Pion Biru mendarat di e3, petak yang dilompati pion Merah, dan memakannya.",
  "rules-fourchess.pieces.ownKing":
    "Seperti di catur, Anda tidak boleh melangkah sehingga raja Anda sendiri tetap diserang lawan.",

  "rules-fourchess.teams.title": "Tim",
  "rules-fourchess.teams.partners":
    "Dalam mode tim, pemain yang duduk berhadapan adalah rekan: Merah dan Kuning melawan Biru dan Hijau. Anda tidak boleh memakan bidak rekan, dan bidak rekan tidak pernah menskak Anda.",
  "rules-fourchess.teams.mate":
    "Tim pertama yang menskakmat satu lawan menang. Skakmat baru dihitung saat giliran pemain yang terkena tiba: pemain yang memulai gilirannya dalam keadaan skak tanpa langkah sah terkena skakmat, dan timnya kalah.",
  "rules-fourchess.teams.mateDiagram":
    "Benteng Merah pergi ke n4 dan menskak raja Hijau, yang terkurung oleh pionnya sendiri. Biru, rekan Hijau, tidak punya bidak yang bisa mencapai garis benteng itu. Mainkan langkah Merah, lalu langkah Kuning.",
  "rules-fourchess.teams.mateDone":
    "Skakmat dihitung saat giliran Hijau tiba: Hijau sedang diskak dan tidak punya langkah sah.",
  "rules-fourchess.teams.rescue":
    "Sampai giliran pemain yang terkena skakmat tiba, rekannya masih boleh menyelamatkannya, dengan menghalangi skak atau memakan bidak penyerang.",
  "rules-fourchess.teams.rescueDiagram":
    "Skak yang sama, tetapi kini Biru punya benteng di e6. Biru melangkah sebelum Hijau: perhatikan apa yang dilakukannya setelah langkah Merah.",
  "rules-fourchess.teams.rescueDone":
    "Benteng Biru menghalangi skak di n6. Giliran Hijau tiba tanpa skak: tidak ada skakmat, dan permainan berlanjut.",
  "rules-fourchess.teams.kingCapture":
    "Raja yang dibiarkan diskak bahkan bisa dimakan. Bila lawan yang melangkah sebelum pemilik raja itu bisa memakannya, langkah itu sah, dan tim pemakan langsung menang.",
  "rules-fourchess.teams.kingCaptureDiagram":
    "Kuda Merah menyingkir dari l10 dan membuka jalan gajah Kuning ke raja Hijau. Biru tidak bisa menolong, dan Kuning, yang melangkah sebelum Hijau, memakan rajanya.",
  "rules-fourchess.teams.stalemate":
    "Pemain yang memulai gilirannya tanpa langkah sah tetapi tidak sedang diskak terkena pat: permainan berakhir remis untuk semua.",
  "rules-fourchess.teams.endsIntro": "Permainan tim berakhir dengan salah satu cara berikut:",
  "rules-fourchess.teams.endMate":
    "skakmat pada giliran pemain yang terkena, atau raja dimakan: tim lawannya menang;",
  "rules-fourchess.teams.endResign": "menyerah: tim pemain yang menyerah kalah;",
  "rules-fourchess.teams.endDraw":
    "pat, posisi yang sama terjadi tiga kali, atau lima puluh langkah setiap pemain tanpa memakan bidak atau menggerakkan pion: remis;",
  "rules-fourchess.teams.endLimit": "batas langkah, bila tuan rumah menetapkannya: remis.",

  "rules-fourchess.individual.title": "Individu (poin)",
  "rules-fourchess.individual.intro":
    "Dalam mode individu setiap orang bermain untuk dirinya sendiri: ketiga pemain lain adalah lawan, dan poin menentukan pemenang. Poin datang dari memakan bidak, skakmat, dan skak ke beberapa raja sekaligus dalam satu langkah.",
  "rules-fourchess.individual.event": "Yang Anda lakukan",
  "rules-fourchess.individual.points": "Poin",
  "rules-fourchess.individual.pawn": "Memakan pion",
  "rules-fourchess.individual.knight": "Memakan kuda",
  "rules-fourchess.individual.bishop": "Memakan gajah",
  "rules-fourchess.individual.rook": "Memakan benteng",
  "rules-fourchess.individual.queen": "Memakan menteri",
  "rules-fourchess.individual.promoted": "Memakan menteri hasil promosi pion",
  "rules-fourchess.individual.grey": "Memakan bidak abu-abu",
  "rules-fourchess.individual.mate": "Menskakmat lawan, atau memakan rajanya",
  "rules-fourchess.individual.stalemate": "Membuat lawan terkena pat",
  "rules-fourchess.individual.stalematePoints": "20, untuk pemain yang terkena pat",
  "rules-fourchess.individual.check1": "Menskak satu raja",
  "rules-fourchess.individual.check2": "Menskak dua raja dengan satu langkah",
  "rules-fourchess.individual.check2Points": "5 (1 bila semua skak datang dari menteri)",
  "rules-fourchess.individual.check3": "Menskak tiga raja dengan satu langkah",
  "rules-fourchess.individual.check3Points": "20 (5 bila semua skak datang dari menteri)",
  "rules-fourchess.individual.draw": "Permainan berakhir remis",
  "rules-fourchess.individual.drawPoints": "10 untuk setiap pemain yang masih bertahan",
  "rules-fourchess.individual.atOnce":
    "Dalam mode individu skakmat langsung dihitung, tepat setelah langkah yang memberikannya: pemain yang terkena gugur dan pelangkahnya mendapat 20 poin. Pemain yang terkena pat juga gugur, tetapi 20 poinnya justru untuk dia.",
  "rules-fourchess.individual.out":
    "Pemain yang terkena skakmat, terkena pat, menyerah, kehabisan waktu, atau kehilangan rajanya gugur, dan gilirannya dilewati. Bidaknya tetap di papan dengan warna abu-abu: tidak pernah bergerak dan tidak pernah menskak, tetapi tetap menghalangi jalan, dan siapa pun boleh memakannya dengan nilai 0 poin.",
  "rules-fourchess.individual.greyDiagram":
    "Biru sudah gugur, jadi bidaknya abu-abu. Benteng abu-abu di h5 tidak menskak raja Merah. Benteng Merah boleh memakan menteri abu-abu di e12 untuk 0 poin, atau kuda Hijau di k9 untuk 3 poin.",
  "rules-fourchess.individual.end":
    "Permainan berakhir saat tiga pemain gugur, atau saat tinggal dua pemain dan salah satunya unggul 21 poin atau lebih atas yang lain. Sesudah itu semua pemain diperingkat menurut poin: pemain yang terkena skakmat tetap memegang poin yang sudah dikumpulkannya dan masih bisa menang. Pemain yang menyerah atau kehabisan waktu berada di bawah semua pemain yang bertahan.",
  "rules-fourchess.individual.drawBonus":
    "Remis (posisi yang sama tiga kali, lima puluh langkah setiap pemain tanpa memakan bidak atau menggerakkan pion, atau remis yang disepakati) memberi 10 poin kepada setiap pemain yang masih bertahan, lalu poin menentukan peringkat. Batas langkah, bila tuan rumah menetapkannya, mengakhiri permainan dengan poin apa adanya.",

  "rules-fourchess.faq.title": "Tanya jawab",
  "rules-fourchess.faq.playersQ": "Berapa orang yang bisa bermain?",
  "rules-fourchess.faq.playersA":
    "Ada empat kursi. Komputer mengisi kursi yang kosong, jadi dua atau tiga teman bisa bermain bersama, atau Anda sendiri melawan tiga pemain komputer.",
  "rules-fourchess.faq.lengthQ": "Berapa lama satu permainan?",
  "rules-fourchess.faq.lengthA":
    "Sekitar setengah jam. Mode tim biasanya lebih singkat, karena satu skakmat saja sudah mengakhirinya.",
  "rules-fourchess.faq.waitQ": "Raja saya terkena skakmat: apakah langsung selesai?",
  "rules-fourchess.faq.waitA":
    "Dalam mode tim, belum: skakmat baru dihitung saat giliran Anda tiba, dan rekan Anda boleh lebih dulu menghalangi skak atau memakan penyerangnya. Dalam mode individu, ya: skakmat dihitung seketika, tepat setelah langkah yang memberikannya.",
  "rules-fourchess.faq.kingQ": "Apakah raja benar-benar bisa dimakan?",
  "rules-fourchess.faq.kingA":
    "Bisa, bila raja itu dibiarkan diskak dan lawan lain melangkah sebelum pemiliknya. Dalam mode tim, memakan raja memenangkan permainan; dalam mode individu, itu bernilai 20 poin dan membuat pemain tersebut gugur.",
  "rules-fourchess.faq.greyQ": "Apa yang terjadi pada bidak pemain yang gugur?",
  "rules-fourchess.faq.greyA":
    "Dalam mode individu bidaknya menjadi abu-abu dan tetap di tempatnya. Bidak itu tidak bergerak dan tidak menskak, dan memakannya tidak memberi poin. Dalam mode tim tidak ada bidak abu-abu, karena skakmat pertama sudah mengakhiri permainan.",
  "rules-fourchess.faq.promoteQ": "Di mana pion berpromosi?",
  "rules-fourchess.faq.promoteA":
    "Dalam mode tim di baris ke-11 Anda, menjadi menteri, benteng, gajah, atau kuda. Dalam mode individu di baris ke-8 Anda, di tengah papan, dan hanya menjadi menteri, yang bernilai 1 poin bagi yang memakannya.",
  "rules-fourchess.faq.resignQ": "Bolehkah saya menyerah?",
  "rules-fourchess.faq.resignA":
    "Boleh. Dalam mode tim, tim Anda kalah. Dalam mode individu Anda gugur, bidak Anda menjadi abu-abu, dan peringkat Anda di bawah semua pemain yang terus bermain.",
  "rules-fourchess.faq.formatQ": "Tim atau individu: mana yang sebaiknya dicoba dulu?",
  "rules-fourchess.faq.formatA":
    "Tim. Permainannya lebih singkat, dan bekerja sama dengan rekan menuju satu skakmat adalah cara termudah untuk mengenal permainan ini. Cobalah individu saat Anda ingin berlomba mengumpulkan poin.",

  "rules-fourchess.advice.title": "Saran untuk permainan pertama",
  "rules-fourchess.advice.develop":
    "Keluarkan kuda dan gajah sejak awal, lalu berokade: serangan bisa datang dari dua sisi sekaligus.",
  "rules-fourchess.advice.twoSides":
    "Sebelum melangkah, lihat kedua lawan: masing-masing melangkah sebelum giliran Anda berikutnya, jadi bidak yang diserang salah satunya bisa hilang.",
  "rules-fourchess.advice.partner":
    "Dalam mode tim, jaga raja rekan Anda seperti raja sendiri. Bidak yang bisa menghalangi skak kepadanya, atau memakan penyerangnya, bisa menyelamatkan permainan.",
  "rules-fourchess.advice.loose":
    "Jangan biarkan bidak tanpa perlindungan di tempat yang bisa dicapai lawan: dengan tiga pemain melangkah di antaranya, bidak itu jarang selamat.",
  "rules-fourchess.advice.points":
    "Dalam mode individu, jangan habiskan permainan untuk bertarung dengan satu tetangga sementara dua lainnya mengumpulkan poin. Memakan bidak bernilai tinggi dan skakmat memenangkan permainan; menskak dua raja sekaligus juga memberi poin.",
  "rules-fourchess.advice.lead":
    "Dalam mode individu, hitung poinnya: begitu tinggal dua pemain, keunggulan 21 poin langsung mengakhiri permainan.",
};
