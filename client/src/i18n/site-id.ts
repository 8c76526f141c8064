import type { SiteKey } from "./site-en";

/** Indonesian: the words of the site's own pages (privacy, "My data", feedback). */
export const idSite: Readonly<Record<SiteKey, string>> = {
  "privacy.title": "Privasi",
  "privacy.intro":
    "Apa yang disimpan oleh orang-orang yang menjalankan server ini tentang Anda, untuk apa, dan berapa lama; serta apa yang disimpan browser Anda di perangkat ini. Waktu di bawah ini adalah pengaturan server ini sendiri.",
  "privacy.loading": "Memuat pengaturan server ini…",
  "privacy.failed": "Pengaturan server ini tidak bisa dimuat saat ini: {reason}",
  "privacy.kept": "Berapa lama:",

  "privacy.server": "Yang disimpan server",
  "privacy.tables": "Meja yang sedang dimainkan",
  "privacy.tablesText":
    "Aturan rumah setiap meja, langkah-langkahnya dan nama yang dipakai, agar permainan berlanjut dan pemain yang terputus bisa kembali.",
  "privacy.tableKeep.one":
    "Meja yang kosong menunggu {n} hari sampai ada yang kembali, lalu dihapus.",
  "privacy.tableKeep.other":
    "Meja yang kosong menunggu {n} hari sampai ada yang kembali, lalu dihapus.",
  "privacy.seatHold.one": "Kursi yang koneksinya terputus ditahan selama {n} detik.",
  "privacy.seatHold.other": "Kursi yang koneksinya terputus ditahan selama {n} detik.",
  "privacy.games": "Permainan yang selesai",
  "privacy.gamesText":
    "Langkah, hasil dan nama para pemain, agar siapa pun yang punya tautannya bisa meninjau permainan itu.",
  "privacy.archive.one": "Dihapus {n} hari setelah permainan selesai.",
  "privacy.archive.other": "Dihapus {n} hari setelah permainan selesai.",
  "privacy.untilErased": "Disimpan sampai Anda meminta untuk menghapusnya.",
  "privacy.players": "Pemain dan rating",
  "privacy.playersText":
    "Hanya jika Anda bermain permainan berating: ID pemain, hash dari kunci rahasia pemain (bukan kuncinya), nama, rating dan riwayat permainan berating, untuk rating dan papan peringkat.",
  "privacy.addresses": "Alamat jaringan",
  "privacy.addressesText":
    "Alamat Anda dipakai untuk memperlambat siapa pun yang mengirim terlalu banyak permintaan. Alamat itu hanya ada di memori server, dan tidak pernah ditulis apa adanya ke penyimpanan atau log.",
  "privacy.addressKey.one":
    "Hanya sebagai hash berkunci, yang kuncinya berganti setiap {n} jam; hilang saat server berhenti.",
  "privacy.addressKey.other":
    "Hanya sebagai hash berkunci, yang kuncinya berganti setiap {n} jam; hilang saat server berhenti.",
  "privacy.feedback": "Masukan",
  "privacy.feedbackText":
    "Apa yang Anda tulis di halaman masukan, beserta permainan, meja atau versi yang dibahas dan ID perangkat ini, agar satu perangkat tidak bisa mengirim terlalu banyak. Pesan yang ditampilkan untuk semua orang tidak menampilkan nama.",
  "privacy.feedbackDays.one": "Dihapus {n} hari setelah dikirim.",
  "privacy.feedbackDays.other": "Dihapus {n} hari setelah dikirim.",

  "privacy.device": "Yang disimpan perangkat ini",
  "privacy.deviceText":
    "Browser Anda menyimpan ini di perangkat ini, bukan di server. Hanya token kursi dan kunci pemain yang dikirim, dan hanya ke server ini. Semuanya tetap ada sampai Anda menghapusnya di bawah atau menghapus data situs ini di browser.",
  "privacy.deviceName": "Nama yang Anda pakai di meja, untuk diisi lagi lain kali.",
  "privacy.deviceId":
    "ID acak perangkat ini, agar masukan dan rekomendasi dihitung satu suara per perangkat. ID ini tidak menyebut siapa pun.",
  "privacy.deviceTables":
    "Untuk setiap meja yang Anda duduki dalam seminggu terakhir, token kursi rahasia yang mengembalikan kursi Anda.",
  "privacy.deviceGames":
    "Permainan terakhir yang Anda mainkan atau tonton sampai selesai, untuk daftar di lobi.",
  "privacy.deviceAnalyses":
    "Analisis mesin atas permainan terakhir yang Anda tinjau, agar langsung tampil.",
  "privacy.deviceLessons": "Bintang yang Anda dapat di pelajaran.",
  "privacy.devicePlayer": "Jika Anda punya pemain: ID-nya dan kunci rahasianya.",
  "privacy.deviceSettings":
    "Pengaturan Anda: bahasa, suara, tampilan bidak, pilihan terakhir Anda melawan komputer dan di main cepat.",

  "privacy.erase": "Penghapusan",
  "privacy.eraseText":
    "“Hapus” di bawah meminta server ini menghapus apa yang disimpannya untuk kursi dan pemain perangkat ini: nama Anda hilang dari meja dan permainan yang selesai itu, dan pemain beserta ratingnya dihapus. Lalu semua yang disimpan perangkat ini dihapus.",
  "privacy.contact":
    "Untuk hal lain tentang data Anda, atau untuk meminta penghapusan lewat e-mail, tulis ke {contact}.",
  "privacy.noContact":
    "Untuk hal lain tentang data Anda, tulis kepada orang-orang yang menjalankan server ini di halaman masukan.",
  "privacy.feedbackLink": "Halaman masukan",

  "mine.heading": "Data saya",
  "mine.text": "Yang disimpan perangkat ini sekarang.",
  "mine.name": "Nama",
  "mine.player": "ID pemain",
  "mine.device": "ID perangkat",
  "mine.tables": "Meja dengan token kursi",
  "mine.games": "Permainan terakhir",
  "mine.analyses": "Analisis tersimpan",
  "mine.lessons": "Pelajaran berbintang",
  "mine.settings": "Pengaturan",
  "mine.none": "Tidak ada",
  "mine.download": "Unduh data saya",
  "mine.erase": "Hapus data saya",
  "mine.confirmTitle": "Hapus data Anda?",
  "mine.confirmText":
    "Server ini diminta menghapus apa yang disimpannya untuk kursi dan pemain perangkat ini, lalu semua yang disimpan perangkat ini dihapus. Ini tidak bisa dibatalkan.",
  "mine.confirm": "Hapus",
  "mine.cancel": "Batal",
  "mine.erasing": "Menghapus…",
  "mine.erased":
    "Terhapus: server ini sudah menghapus apa yang disimpannya untuk perangkat ini, dan perangkat ini tidak menyimpan apa pun lagi.",
  "mine.unreachable":
    "Server tidak bisa dihubungi: tidak ada yang dihapus dari perangkat ini. Coba lagi.",

  "error.erase/invalid": "Berikan token kursi atau kunci pemain untuk dihapus.",
  "error.feedback/invalid":
    "Pesan tidak bisa dibaca: pilih jenisnya dan tulis paling banyak {max} karakter.",
  "error.feedback/not-found": "Pesan itu tidak ada.",
  "error.recommend/invalid": "Jawab ya atau tidak untuk permainan yang ada di server ini.",

  // Feedback and recommendations (voice).
  "feedback.title": "Kirim masukan",
  "feedback.kind": "Tentang apa?",
  "feedback.kind.problem": "Laporkan masalah",
  "feedback.kind.setting": "Minta pengaturan",
  "feedback.kind.other": "Lainnya",
  "feedback.text": "Pesan Anda",
  "feedback.count": "Karakter: {n}/{max}",
  "feedback.note":
    "Pengelola dapat menerbitkan pesan Anda beserta jawabannya di halaman masukan. Jangan tulis data pribadi.",
  "feedback.send": "Kirim",
  "feedback.sending": "Mengirim…",
  "feedback.cancel": "Batal",
  "feedback.close": "Tutup",
  "feedback.empty": "Tulis pesan dulu.",
  "feedback.thanksTitle": "Terima kasih",
  "feedback.thanks": "Pesan Anda sudah terkirim.",
  "feedback.seeAnswers": "Jawaban diterbitkan di halaman masukan",
  "feedback.tooMany": "Terlalu banyak pesan dari sini; coba lagi nanti.",
  "feedback.offline": "Server tidak dapat dihubungi; periksa koneksi lalu coba lagi.",
  "feedback.page": "Masukan",
  "feedback.intro":
    "Masalah yang dilaporkan dan pengaturan yang diminta, beserta jawabannya, seperti diterbitkan pengelola.",
  "feedback.game": "Permainan",
  "feedback.allGames": "Semua permainan",
  "feedback.general": "Situs",
  "feedback.write": "Kirim masukan",
  "feedback.none": "Belum ada yang diterbitkan.",
  "feedback.answer": "Jawaban",
  "feedback.status.new": "Baru",
  "feedback.status.planned": "Direncanakan",
  "feedback.status.done": "Selesai",
  "feedback.status.declined": "Ditolak",
  "desk.title": "Meja masukan",
  "desk.password": "Kata sandi",
  "desk.enter": "Buka meja",
  "desk.wrong": "Kata sandi itu salah.",
  "desk.none": "Server ini tidak punya meja: tidak ada yang menjawab masukan di sini.",
  "desk.lock": "Kunci meja",
  "desk.opened": "Meja terbuka.",
  "desk.empty": "Tidak ada pesan.",
  "desk.table": "Meja {id}",
  "desk.game": "Permainan {id}",
  "desk.version": "Versi {version}",
  "desk.language": "Ditulis dalam {language}",
  "desk.isPublished": "Diterbitkan",
  "desk.isHidden": "Tersembunyi",
  "desk.status": "Status pesan",
  "desk.answer": "Jawaban",
  "desk.publish": "Diterbitkan di halaman masukan",
  "desk.save": "Simpan",
  "desk.saved": "Tersimpan.",
};
