import type { RulesXiangqiKey } from "./rules-xiangqi-en";

export const rulesXiangqiId: Readonly<Record<RulesXiangqiKey, string>> = {
  "rules-xiangqi.s.intro": "Catur Cina dalam tiga puluh detik",
  "rules-xiangqi.intro.p1":
    "Xiangqi, yang sering disebut catur Cina, dimainkan dua orang: Merah dan Hitam. Tiap pihak punya enam belas bidak, dan bidak-bidak itu berdiri di titik perpotongan garis, bukan di dalam kotak.",
  "rules-xiangqi.intro.p2":
    "Tujuannya menskakmat jenderal lawan: menyerangnya sampai tidak ada langkah yang bisa menyelamatkannya. Ada satu aturan yang mengejutkan pemain catur biasa: pihak yang sama sekali tidak punya langkah sah kalah, walaupun jenderalnya tidak sedang diskak. Tidak ada remis karena pat.",
  "rules-xiangqi.intro.p3":
    "Semua papan di halaman ini hidup. Klik sebuah bidak untuk melihat ke mana ia boleh pergi, lalu coba langkah yang dilarang aturan: papan menjelaskan alasannya, dengan kalimat yang sama seperti di meja permainan.",

  "rules-xiangqi.s.setup": "Papan dan posisi awal",
  "rules-xiangqi.setup.p1":
    "Papan punya 9 garis tegak dan 10 garis mendatar, dan bidak berdiri di 90 titik pertemuannya. Lajur diberi huruf a sampai i dari kiri Merah, baris diberi angka 0 sampai 9 dari sisi Merah; jadi baris belakang Merah adalah 0, dan sebuah titik ditulis seperti e0 atau b7.",
  "rules-xiangqi.setup.p2":
    "Sungai melintang di tengah papan, di antara baris 4 dan 5. Tiap pihak punya istana: sembilan titik yang ditandai garis silang, lajur d sampai f di baris 0 sampai 2 untuk Merah dan baris 7 sampai 9 untuk Hitam. Jenderal dan penasihatnya tidak pernah keluar dari istana.",
  "rules-xiangqi.setup.p3":
    "Di awal permainan, baris belakang tiap pihak berisi dari kiri ke kanan: kereta, kuda, gajah, penasihat, jenderal, penasihat, gajah, kuda, kereta. Dua meriam menunggu dua baris di depan kuda, dan lima prajurit berdiri berselang satu titik di baris berikutnya.",
  "rules-xiangqi.setup.start":
    "Posisi awal, Merah di bawah. Merah selalu jalan lebih dulu, lalu kedua pihak bergantian, satu langkah sekali jalan. Klik salah satu meriam: ia sudah bisa memakan kuda Hitam di ujung lajurnya dengan melompati meriam Hitam.",
  "rules-xiangqi.setup.p4":
    "Bidak memakan dengan pindah ke titik yang ditempati bidak lawan, dan bidak yang dimakan keluar dari papan. Hanya meriam yang pernah melompati bidak, dan itu pun hanya untuk memakan.",

  "rules-xiangqi.s.pieces": "Tujuh jenis bidak",
  "rules-xiangqi.pieces.p1":
    "Tiap jenis bidak punya huruf, yaitu huruf yang dipakai daftar langkah: K jenderal, A penasihat, E gajah, H kuda, R kereta, C meriam, P prajurit. Di daftar langkah, C2=5 berarti meriam di lajur 2 bergeser ke samping ke lajur 5; lajur dihitung dari kanan masing-masing pemain, + berarti maju dan - berarti mundur.",
  "rules-xiangqi.pieces.head.letter": "Huruf",
  "rules-xiangqi.pieces.head.move": "Bidak dan langkahnya, singkatnya",
  "rules-xiangqi.pieces.sum.K": "Jenderal: satu titik lurus, di dalam istana",
  "rules-xiangqi.pieces.sum.A": "Penasihat: satu titik diagonal, di dalam istana",
  "rules-xiangqi.pieces.sum.E":
    "Gajah: dua titik diagonal, asal titik tengahnya kosong; tetap di sisi sungainya sendiri",
  "rules-xiangqi.pieces.sum.H":
    "Kuda: satu titik lurus lalu satu titik diagonal ke luar, asal titik pertama kosong",
  "rules-xiangqi.pieces.sum.R": "Kereta: lurus sejauh apa pun melewati titik kosong",
  "rules-xiangqi.pieces.sum.C":
    "Meriam: jalan seperti kereta; memakan dengan melompati tepat satu bidak",
  "rules-xiangqi.pieces.sum.P":
    "Prajurit: satu titik maju; setelah menyeberangi sungai juga ke samping; tidak pernah mundur",
  "rules-xiangqi.pieces.general":
    "Jenderal (K). Ia melangkah satu titik ke atas, bawah, kiri, atau kanan, dan tidak pernah meninggalkan istananya. Dua aturan lagi melindunginya: ia tidak boleh pindah ke titik yang diserang lawan, dan kedua jenderal tidak boleh berhadapan di lajur yang terbuka.",
  "rules-xiangqi.pieces.general.diagram":
    "Jenderal Merah di d1 boleh melangkah ke d0, d2, atau e1, semuanya di dalam istana. Klik jenderal itu, lalu coba c1: papan menolaknya, karena c1 ada di luar istana.",
  "rules-xiangqi.pieces.advisor":
    "Penasihat (A). Ia melangkah satu titik diagonal dan tetap di istana, jadi ia hanya bisa berdiri di lima titik: keempat sudut dan titik tengahnya. Tugasnya menjaga jenderal.",
  "rules-xiangqi.pieces.advisor.diagram":
    "Klik penasihat di e1: ia bisa ke tiga sudut (d2 sudah ditempati rekannya). Lalu coba bawa penasihat di d2 keluar istana ke c3.",
  "rules-xiangqi.pieces.elephant":
    "Gajah (E). Ia bergerak tepat dua titik diagonal. Kalau titik di tengahnya, yang disebut mata gajah, ditempati bidak apa pun, langkah itu terhalang. Gajah tidak pernah menyeberangi sungai, jadi ia bidak bertahan.",
  "rules-xiangqi.pieces.elephant.diagram":
    "Kuda di f3 menutup mata gajah di e2, jadi g4 tidak terjangkau: coba e2 ke g4. Gajah di c4 berdiri di tepi sungai: coba c4 ke a6.",
  "rules-xiangqi.pieces.horse":
    "Kuda (H). Ia bergerak satu titik lurus, lalu satu titik diagonal menjauh dari tempat asalnya, seperti huruf L. Kalau titik pertama itu, yang disebut kaki kuda, ditempati bidak mana pun, milik siapa pun, kuda tidak bisa ke arah itu. Sungai tidak membatasinya.",
  "rules-xiangqi.pieces.horse.diagram":
    "Prajurit Hitam di e5 berdiri di kaki kuda Merah, jadi d6 dan f6 terhalang. Klik kuda itu untuk melihat enam langkahnya yang lain, lalu coba e4 ke d6.",
  "rules-xiangqi.pieces.chariot":
    "Kereta (R). Ia bergerak sejauh apa pun sepanjang baris atau lajur, asal titik-titik yang dilewatinya kosong, dan memakan bidak lawan pertama di jalurnya. Inilah bidak terkuat di papan.",
  "rules-xiangqi.pieces.chariot.diagram":
    "Kereta di c4 bisa memakan kuda Hitam di c7, tetapi tidak bisa melewati prajuritnya sendiri di g4. Coba c4 ke h4.",
  "rules-xiangqi.pieces.cannon":
    "Meriam (C). Saat tidak memakan, ia bergerak seperti kereta. Untuk memakan, ia harus melompati tepat satu bidak, milik pihak mana pun, yang disebut layar (batu loncatan), lalu mendarat di bidak lawan di belakangnya. Tanpa layar, atau dengan dua layar, ia tidak bisa memakan; dan ia tidak pernah melompat ke titik kosong.",
  "rules-xiangqi.pieces.cannon.diagram":
    "Kuda Merah di b4 menjadi layar meriam: meriam di b2 bisa melompatinya untuk memakan kereta di b9. Kuda Hitam di g2 tidak punya layar di depannya: coba b2 ke g2.",
  "rules-xiangqi.pieces.soldier":
    "Prajurit (P). Ia melangkah satu titik maju. Setelah menyeberangi sungai, ia juga boleh melangkah satu titik ke samping. Ia tidak pernah mundur, dan di baris terakhir ia hanya bisa bergeser ke samping.",
  "rules-xiangqi.pieces.soldier.diagram":
    "Prajurit di c3 belum menyeberangi sungai: coba c3 ke d3. Prajurit di g5 sudah menyeberang, jadi boleh maju atau ke samping, tetapi tidak pernah mundur: coba g5 ke g4.",

  "rules-xiangqi.s.keyRules": "Tiga aturan kunci untuk dicoba",
  "rules-xiangqi.key.p1":
    "Tiga aturan ini paling sering mengejutkan pemain baru. Setiap papan di bawah ini bisa Anda coba: mesin yang menjadi wasit di permainan sungguhan menjawab langkah Anda.",
  "rules-xiangqi.key.horseLeg":
    "Kaki kuda. Di posisi awal, kuda Merah di b0 ingin melompat ke d1, tetapi gajah di c0 berdiri di kakinya. Klik b0, lalu d1, untuk melihat penolakannya; kuda itu bisa ke a2 atau c2 saja.",
  "rules-xiangqi.key.flying":
    "Jenderal berhadapan. Hanya prajurit Merah di e5 yang berdiri di antara kedua jenderal di lajur e. Prajurit itu sudah menyeberangi sungai, jadi biasanya boleh ke samping, tetapi di sini tidak: kedua jenderal akan berhadapan. Coba e5 ke d5 atau f5.",
  "rules-xiangqi.key.doubleCannon":
    "Mat dua meriam. Merah memberi mat dalam tiga langkah dengan kedua meriam di lajur tengah: meriam belakang melompati meriam depan, dan penasihat Hitam di d9 dan f9 mengurung jenderalnya. Mainkan langkah yang ditunjuk panah hijau; Hitam membalas setiap kali.",
  "rules-xiangqi.key.doubleCannonDone":
    "Meriam belakang di e2 memberi skak lewat meriam depan di e4. Jenderal tidak bisa menyingkir ke samping, naik ke e8 tetap di lajur yang sama, dan tidak ada bidak Hitam yang bisa masuk di antara kedua meriam.",

  "rules-xiangqi.s.winning": "Menang, kalah, dan remis",
  "rules-xiangqi.winning.p1": "Permainan xiangqi berakhir dengan salah satu cara berikut:",
  "rules-xiangqi.winning.mate":
    "Skakmat: jenderal diserang dan tidak ada langkah yang menyelamatkannya. Pihak yang memberi mat menang. Kartu hasil menyebut jenis matnya: skak ganda, mat dua meriam, mat kuda-meriam, atau bidak yang memberi mat.",
  "rules-xiangqi.winning.noMove":
    "Tidak ada langkah sah: pihak yang sama sekali tidak bisa melangkah kalah, walaupun jenderalnya tidak sedang diskak. Berbeda dengan catur biasa, ini bukan remis.",
  "rules-xiangqi.winning.perpetual":
    "Skak abadi dilarang. Kalau sebuah posisi muncul lagi sementara satu pihak memberi skak di setiap langkahnya sejak posisi itu terakhir muncul dan pihak lain tidak, pihak yang terus memberi skak diberi peringatan saat posisi itu muncul untuk kedua kalinya dan kalah pada kali ketiga. Pihak itu harus mencari langkah lain.",
  "rules-xiangqi.winning.repetition":
    "Pengulangan lain tidak menentukan apa-apa. Saat sebuah posisi muncul untuk ketiga kalinya, atau setelah 60 langkah tiap pihak tanpa ada bidak yang dimakan, kedua pemain diberi tahu bahwa mereka boleh menawarkan remis.",
  "rules-xiangqi.winning.plyLimit":
    "Setelah 400 langkah secara keseluruhan (200 langkah tiap pihak), permainan otomatis berakhir remis.",
  "rules-xiangqi.winning.agreement":
    "Remis atas kesepakatan: satu pemain menawarkan remis dan pemain lain menerimanya.",
  "rules-xiangqi.winning.resign":
    "Menyerah: seorang pemain boleh menyerah kapan saja, dan lawannya menang.",
  "rules-xiangqi.winning.time":
    "Waktu: kalau tuan rumah menyalakan jam catur, pemain yang waktunya habis kalah. Kalau yang dipakai batas waktu per langkah, komputer melangkah untuk pemain yang detiknya habis.",
  "rules-xiangqi.winning.noMoveDiagram":
    "Giliran Merah. Hitam hanya punya jenderal, yang tidak sedang diskak dan masih bisa melangkah ke f9. Pindahkan kereta dari i1 ke f1 untuk menutup titik itu juga, tanpa memberi skak.",
  "rules-xiangqi.winning.noMoveDone":
    "Jenderal tidak diskak, tetapi setiap titik yang bisa ia tuju diserang, dan Hitam tidak punya bidak lain. Hitam tidak bisa melangkah, jadi Hitam kalah.",

  "rules-xiangqi.s.faq": "Tanya jawab",
  "rules-xiangqi.faq.q1": "Adakah cara cepat untuk mengingat cara jalan bidak?",
  "rules-xiangqi.faq.a1":
    "Kira-kira begini: kereta jalan lurus, kuda membentuk huruf L, gajah melangkah diagonal dua titik, meriam memakan dengan melompat, jenderal dan penasihat tinggal di istana, dan prajurit maju. Setelah itu pelajari batasannya, yang sama pentingnya: kaki kuda, mata gajah dan sungai, tepat satu layar untuk meriam, dan prajurit yang tidak pernah mundur.",
  "rules-xiangqi.faq.q2": "Kenapa kuda saya tidak mau bergerak?",
  "rules-xiangqi.faq.a2":
    "Kemungkinan besar kakinya terhalang. Lihat titik tepat di sebelah kuda ke arah yang ingin dituju: untuk melompat ke depan, titik di depannya; untuk melompat ke kanan, titik di kanannya. Kalau ada bidak di situ, warna apa pun, kuda tidak bisa ke arah itu.",
  "rules-xiangqi.faq.q3": "Bagaimana meriam bergerak dan memakan?",
  "rules-xiangqi.faq.a3":
    "Saat tidak memakan, meriam meluncur sepanjang garis melewati titik kosong, persis seperti kereta. Untuk memakan, harus ada tepat satu bidak di antara meriam dan sasarannya, milik pihak mana pun. Kalau di antaranya kosong, atau ada dua bidak atau lebih, meriam tidak bisa memakan, dan ia tidak boleh melompati bidak untuk mendarat di titik kosong.",
  "rules-xiangqi.faq.q4": "Kenapa kedua jenderal tidak boleh berhadapan?",
  "rules-xiangqi.faq.a4":
    "Itu aturan permainannya: di satu lajur tanpa apa pun di antaranya, kedua jenderal dianggap saling menyerang. Jadi langkah yang menyingkirkan bidak terakhir di antara mereka tidak sah, begitu pula langkah jenderal ke lajur seperti itu. Periksa seluruh lajurnya, bukan hanya titik di dekat jenderal.",
  "rules-xiangqi.faq.q5": "Tidak punya langkah sah itu kalah atau remis?",
  "rules-xiangqi.faq.a5":
    "Kalah. Skakmat berarti diskak tanpa jalan keluar; tidak punya langkah sah tanpa diskak juga kalah di xiangqi. Lupakan aturan catur biasa yang menyebutnya pat dan menghitungnya remis.",
  "rules-xiangqi.faq.q6": "Apakah saya kalah kalau terus memberi skak?",
  "rules-xiangqi.faq.a6":
    "Kalau hanya Anda yang terus memberi skak dan posisi yang sama terus kembali, ya: Anda diberi peringatan saat posisi itu muncul untuk kedua kalinya dan kalah pada kali ketiga. Kalau kedua pihak terus memberi skak, atau tidak ada yang memberi skak, pengulangan itu hanya membolehkan pemain menawarkan remis. Aturan turnamen tentang kejar abadi tidak dinilai di sini.",
  "rules-xiangqi.faq.q7": "Bagaimana sebaiknya berlatih melawan komputer?",
  "rules-xiangqi.faq.a7":
    "Mulailah di level Pemula. Pakai petunjuk dan batalkan langkah selama belajar, lalu tinjau ulang permainan yang selesai untuk melihat di mana bidak hilang. Melawan pemain yang jauh lebih kuat, aturan meja bisa membuat pihak yang kuat bermain tanpa satu atau dua kuda. Naiklah ke level Menengah dan Master kalau Anda sudah sering menang.",

  "rules-xiangqi.s.advice": "Saran untuk pemula",
  "rules-xiangqi.advice.safe":
    "Sebelum setiap langkah, pastikan jenderal Anda tetap aman sesudahnya.",
  "rules-xiangqi.advice.attacked":
    "Lihat dulu apa yang bisa dimakan lawan, baru lihat apa yang bisa Anda makan.",
  "rules-xiangqi.advice.lines":
    "Bidak yang pindah bisa membuka jalur untuk kereta atau meriam di belakangnya, milik Anda maupun milik lawan.",
  "rules-xiangqi.advice.screens":
    "Hitung layarnya: menambah atau mengurangi satu bidak di antara meriam dan sasarannya mengubah apa yang diserangnya.",
  "rules-xiangqi.advice.develop":
    "Di pembukaan, keluarkan kereta, kuda, dan meriam satu per satu, jangan terus memindahkan bidak yang sama.",
  "rules-xiangqi.advice.centre":
    "Buka jalan untuk kuda sejak awal: kuda yang terjepit di belakang bidaknya sendiri tidak bisa keluar.",
  "rules-xiangqi.advice.defenders":
    "Jaga penasihat dan gajah tetap dekat jenderal: merekalah perisainya dari mat meriam dan kuda.",
};
