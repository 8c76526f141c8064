import type { LessonsFourchessKey } from "./lessons-fourchess-en";

export const lessonsFourchessId: Readonly<Record<LessonsFourchessKey, string>> = {
  "lessons-fourchess.cross-board.title": "Papan berbentuk salib",
  "lessons-fourchess.cross-board.goal":
    "Keempat sudut 3×3 dipotong: itu bukan petak, dan tidak ada buah yang boleh berdiri di sana. Bawa benteng ke kedua bintang.",
  "lessons-fourchess.king-stars.title": "Raja",
  "lessons-fourchess.king-stars.goal":
    "Raja melangkah satu petak ke segala arah. Jalankan raja ke kedua bintang.",
  "lessons-fourchess.bishop-stars.title": "Gajah",
  "lessons-fourchess.bishop-stars.goal":
    "Gajah meluncur di jalur diagonal, tetapi tidak pernah melintasi sudut yang terpotong. Capai kedua bintang.",
  "lessons-fourchess.knight-stars.title": "Kuda",
  "lessons-fourchess.knight-stars.goal":
    "Kuda melompat membentuk huruf L, melewati apa pun di antaranya, tetapi tidak pernah mendarat di sudut yang terpotong. Kumpulkan ketiga bintang.",
  "lessons-fourchess.queen-stars.title": "Menteri",
  "lessons-fourchess.queen-stars.goal":
    "Menteri meluncur lurus atau diagonal selama jalannya kosong. Kumpulkan ketiga bintang.",
  "lessons-fourchess.turn-order.title": "Siapa yang melangkah berikutnya",
  "lessons-fourchess.turn-order.goal":
    "Giliran berjalan searah jarum jam: Merah, Biru, Kuning, lalu Hijau. Pindahkan kuda tiap pemain ke sebuah bintang, sesuai urutan itu.",
  "lessons-fourchess.pawn-directions.title": "Empat arah maju",
  "lessons-fourchess.pawn-directions.goal":
    "Setiap pion menuju sisi seberang: pion Merah ke atas, Biru ke kanan, Kuning ke bawah, Hijau ke kiri. Dari baris awalnya pion boleh maju dua petak: bawa setiap pion ke bintangnya, bergiliran.",
  "lessons-fourchess.pawn-capture.title": "Pion menangkap secara diagonal",
  "lessons-fourchess.pawn-capture.goal":
    "Pion menangkap satu petak diagonal ke depan, tidak pernah lurus ke depan. Tangkap kedua buah yang ditandai dengan pion merah.",
  "lessons-fourchess.partners.title": "Buah rekan Anda",
  "lessons-fourchess.partners.goal":
    "Dalam mode tim, Kuning duduk di seberang Anda dan menjadi rekan: buahnya tidak bisa ditangkap dan menghalangi jalan Anda. Tangkap buah Biru dan Hijau yang ditandai dengan menteri.",
  "lessons-fourchess.castling.title": "Rokade",
  "lessons-fourchess.castling.goal":
    "Raja bergerak dua petak ke arah benteng, lalu benteng pindah ke petak yang dilewati raja. Lakukan rokade agar raja berhenti di bintang.",
  "lessons-fourchess.promotion-teams.title": "Promosi dalam mode tim",
  "lessons-fourchess.promotion-teams.goal":
    "Dalam mode tim, pion berpromosi di baris ke-11, tiga baris melewati tengah papan. Jalankan pion sampai ke bintang.",
  "lessons-fourchess.promotion-individual.title": "Promosi dalam mode individu",
  "lessons-fourchess.promotion-individual.goal":
    "Dalam mode individu, pion berpromosi di baris ke-8, yaitu garis tengah, dan selalu menjadi menteri (yang hanya bernilai 1 poin jika ditangkap). Promosikan pion di bintang.",
  "lessons-fourchess.escape-check.title": "Lolos dari skak",
  "lessons-fourchess.escape-check.goal":
    "Benteng Biru menskak raja Anda. Temukan satu-satunya petak yang aman: ingat, buah rekan Anda tidak pernah memberi skak.",
  "lessons-fourchess.take-the-king.title": "Tangkap rajanya",
  "lessons-fourchess.take-the-king.goal":
    "Dalam mode tim, raja yang dibiarkan terkena skak boleh ditangkap oleh lawan yang melangkah sebelum pemiliknya, dan itu memenangkan permainan. Tangkap raja Biru.",
  "lessons-fourchess.teams-mate.title": "Skakmat dalam mode tim",
  "lessons-fourchess.teams-mate.goal":
    "Skakmat Hijau dengan benteng. Skakmat baru dihitung saat giliran Hijau tiba: Biru dan Kuning melangkah lebih dulu, dan Biru masih bisa menolong rekannya.",
  "lessons-fourchess.individual-points.title": "Poin dalam mode individu",
  "lessons-fourchess.individual-points.goal":
    "Di sini semua pemain adalah lawan Anda. Menteri bernilai 9 poin, benteng atau gajah 5, kuda 3, pion 1. Kumpulkan 14 poin dengan kuda.",
  "lessons-fourchess.two-kings.title": "Skak dua raja",
  "lessons-fourchess.two-kings.goal":
    "Menskak satu raja tidak memberi apa-apa, tetapi satu langkah yang menskak dua raja sekaligus memberi 5 poin. Raih poin itu dengan benteng.",
};
