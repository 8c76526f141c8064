import type { enPlayer } from "./player-en";

/** Indonesian: the words of the "You" section, the player pages and the leaderboard. */
export const idPlayer: Readonly<Record<keyof typeof enPlayer, string>> = {
  "you.heading": "Anda",
  "you.none":
    "Perangkat ini belum punya pemain. Pemain dibuat saat Anda pertama kali duduk di meja bersama orang lain; peringkat Anda lalu tersimpan padanya.",
  "you.make": "Buat pemain saya sekarang",
  "you.makeFailed": "Pemain belum bisa dibuat saat ini. Coba lagi sebentar lagi.",
  "you.loading": "Memuat peringkat Anda…",
  "you.failed": "Peringkat Anda belum bisa dimuat saat ini.",
  "you.page": "Halaman Anda",
  "you.carry": "Pakai di perangkat lain",
  "you.carryText":
    "Buka tautan ini di perangkat lain, atau pindai kodenya dengan kamera perangkat itu. Siapa pun yang punya tautan ini bermain sebagai Anda: jangan dibagikan.",
  "you.carryLink": "Tautan Anda",
  "you.qr": "Kode QR tautan Anda",
  "you.copy": "Salin tautan",
  "you.copied": "Tautan disalin.",
  "you.copyFailed": "Tautan tidak bisa disalin: pilih tautannya lalu salin sendiri.",
  "you.forget": "Lupakan saya di perangkat ini",
  "you.forgetText":
    "Perangkat ini tidak lagi menjadi {name}. Peringkat Anda tetap tersimpan: buka tautan Anda di perangkat ini untuk menjadi {name} lagi.",
  "you.forgetConfirm": "Lupakan saya",
  "you.forgetCancel": "Jangan",
  "you.carried": "Sekarang Anda adalah {name} di perangkat ini.",
  "you.carriedUnknown":
    "Tautan pemain itu tidak dikenal di sini: tidak ada yang berubah di perangkat ini.",

  "pool.xiangqi": "Catur Cina",
  "pool.teams": "Catur empat pemain, Tim",
  "pool.individual": "Catur empat pemain, Individu",

  "player.games.one": "{n} permainan",
  "player.games.other": "{n} permainan",
  "player.rd": "simpangan {rd}",
  "player.provisional": "sementara",
  "player.provisionalNote":
    "Peringkat bertanda “?” masih sementara: nilainya makin mantap seiring bertambahnya permainan berperingkat.",
  "player.heading": "Pemain",
  "player.ratings": "Peringkat",
  "player.graph": "Peringkat dari waktu ke waktu",
  "player.graphLabel":
    "{pool}: peringkat setelah tiap permainan berperingkat, dari {first} sampai {last}",
  "player.graphTable": "Grafik dalam bentuk tabel",
  "player.date": "Tanggal",
  "player.pool": "Kelompok",
  "player.before": "Sebelum",
  "player.after": "Sesudah",
  "player.change": "Perubahan",
  "player.recent": "Permainan berperingkat terbaru",
  "player.noGames": "Belum ada permainan berperingkat.",
  "player.review": "Tinjau",
  "player.unknown": "Tidak ada pemain dengan tautan ini.",
  "player.failed": "Halaman tidak bisa dimuat: {reason}",
  "player.leaderboard": "Papan peringkat",

  "leaderboard.text":
    "Peringkat mantap terbaik dari pemain yang bermain dalam 30 hari terakhir, paling banyak 100 per kelompok.",
  "leaderboard.pools": "Kelompok",
  "leaderboard.rank": "Urutan",
  "leaderboard.name": "Pemain",
  "leaderboard.rating": "Peringkat",
  "leaderboard.games": "Permainan",
  "leaderboard.empty":
    "Belum ada peringkat mantap di kelompok ini. Pemain muncul di sini setelah peringkatnya tidak lagi sementara (“?”).",
};
