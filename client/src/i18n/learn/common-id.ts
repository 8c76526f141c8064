import type { CommonKey } from "./common-en";

export const commonId: Readonly<Record<CommonKey, string>> = {
  "learn.rules.title.xiangqi": "Catur Cina (Xiangqi): aturannya",
  "learn.rules.title.fourchess": "Catur empat pemain: aturannya",
  "learn.lessons.title.xiangqi": "Pelajaran catur Cina",
  "learn.lessons.title.fourchess": "Pelajaran catur empat pemain",
  "learn.lessons.intro":
    "Tahap-tahap singkat, masing-masing dengan satu tujuan. Aturan memeriksa setiap langkah: langkah yang keliru dijelaskan dan Anda mencoba lagi. Setiap tahap memberi hingga tiga bintang, menurut jumlah langkah yang Anda pakai.",
  "learn.contents": "Di halaman ini",
  "learn.lobby": "Lobi",
  "learn.toLessons": "Pelajaran: belajar sambil bermain",
  "learn.toRules": "Aturan",
  "learn.diagram.label": "Diagram posisi: {caption}",
  "learn.diagram.reset": "Ulangi dari awal",
  "learn.diagram.try": "Klik sebuah bidak untuk melihat ke mana ia bisa melangkah.",
  "learn.diagram.moves.one": "{piece} di {square} punya 1 langkah, ditandai di papan.",
  "learn.diagram.moves.other": "{piece} di {square} punya {n} langkah, ditandai di papan.",
  "learn.diagram.noMoves": "{piece} di {square} tidak bisa melangkah dalam posisi ini.",
  "learn.diagram.offLine":
    "Langkah itu sah, tetapi diagram ini mengikuti jalur lain: coba langkah yang ditunjukkan panah.",
  "learn.diagram.turn": "Giliran {color}.",
  "learn.stage.of": "Tahap {index} dari {total}",
  "learn.stage.goal": "Tujuan",
  "learn.stage.moves.one": "{n} langkah",
  "learn.stage.moves.other": "{n} langkah",
  "learn.stage.done": "Tahap selesai dalam {moves}!",
  "learn.stage.next": "Tahap berikutnya",
  "learn.stage.again": "Main lagi",
  "learn.stage.list": "Semua tahap",
  "learn.stage.notLegalGoal": "Langkah itu sah, tetapi tidak mencapai tujuan tahap ini. Coba lagi.",
  "learn.stage.star": "Bintang didapat.",
  "learn.stage.noCheck":
    "Di sini lawan tidak bergerak, jadi Anda tidak boleh memberi skak. Coba langkah lain.",
  "learn.stage.tooMany": "Terlalu banyak langkah: tahap dimulai lagi.",
  "learn.stage.locked": "Tahap ini tidak ada dalam pelajaran.",
  "learn.stage.captured": "Dimakan.",
  "learn.stage.finished": "Anda sudah menyelesaikan semua tahap permainan ini.",
  "learn.stars.label": "{stars} dari 3 bintang",
  "learn.stars.none": "Belum selesai",
  "learn.house.title": "Aturan meja",
  "learn.house.intro":
    "Tuan rumah mengaturnya sebelum permainan dimulai. Tabel ini dibuat dari definisi yang sama dengan yang dibaca server, jadi selalu sesuai dengan yang diterima server.",
  "learn.house.name": "Aturan",
  "learn.house.does": "Fungsinya",
  "learn.house.default": "Bawaan",
  "learn.house.who": "Siapa yang boleh mengubah",
  "learn.house.host-before-start": "Tuan rumah, sebelum permainan dimulai",
  "learn.house.on": "Aktif",
  "learn.house.off": "Mati",
  "learn.house.none": "Tidak ada",
  "learn.house.does.format":
    "Tim: Merah dan Kuning melawan Biru dan Hijau. Individu: setiap pemain mengumpulkan poin sendiri.",
  "learn.house.does.moveLimit":
    "Mengakhiri permainan setelah sekian langkah dari semua pemain bersama-sama; lalu poin yang menentukan.",
  "learn.house.does.showLegalMoves": "Menandai ke mana bidak yang dipilih boleh melangkah.",
  "learn.house.does.rotateFirst":
    "Setiap permainan baru di meja dimulai satu kursi lebih jauh, jadi tidak ada yang selalu melangkah pertama.",
  "learn.house.does.turnTimer":
    "Detik untuk setiap langkah; bila habis, komputer melangkah untuk pemain itu.",
  "learn.house.does.clock":
    "Jam catur untuk tiap pemain: waktu untuk seluruh permainan, dengan tambahan atau jeda tiap langkah.",
  "learn.house.does.cpuLevel":
    "Seberapa kuat komputer memainkan kursi kosong dan menggantikan pemain yang terputus.",
  "learn.house.does.takebackConsent":
    "Membatalkan langkah saat melawan orang perlu persetujuan lawan.",
  "learn.house.does.handicap": "Pemain yang lebih kuat melepas satu atau dua kuda sejak awal.",
  "learn.house.does.hints": "Pemain boleh meminta saran langkah dari komputer.",
  "learn.house.does.rated":
    "Hasilnya mengubah rating para pemain. Setiap kursi harus diisi orang dengan kunci pemain; tanpa kursi CPU, petunjuk, atau pembatalan langkah.",
};
