import type { LessonsXiangqiKey } from "./lessons-xiangqi-en";

export const lessonsXiangqiId: Readonly<Record<LessonsXiangqiKey, string>> = {
  "lessons-xiangqi.general-palace.title": "Jenderal",
  "lessons-xiangqi.general-palace.goal":
    "Jenderal melangkah satu titik ke depan, ke belakang, atau ke samping, dan tidak pernah keluar dari istananya. Datangi kedua bintang.",
  "lessons-xiangqi.advisor-diagonals.title": "Penasihat",
  "lessons-xiangqi.advisor-diagonals.goal":
    "Penasihat melangkah satu titik mengikuti garis silang di dalam istana. Capai kedua bintang.",
  "lessons-xiangqi.elephant-river.title": "Gajah",
  "lessons-xiangqi.elephant-river.goal":
    "Gajah berjalan dua titik secara diagonal, kecuali ada bidak di titik tengahnya (matanya), dan tidak pernah menyeberangi sungai. Capai kedua bintang.",
  "lessons-xiangqi.horse-moves.title": "Kuda",
  "lessons-xiangqi.horse-moves.goal":
    "Kuda berjalan satu titik lurus, lalu satu titik diagonal menjauh dari tempat asalnya. Capai kedua bintang.",
  "lessons-xiangqi.horse-leg.title": "Kaki kuda",
  "lessons-xiangqi.horse-leg.goal":
    "Prajurit di e4 menginjak kaki kuda, jadi kuda tidak bisa melompat ke arah itu. Ambil jalan memutar untuk mencapai bintang.",
  "lessons-xiangqi.chariot-lines.title": "Kereta",
  "lessons-xiangqi.chariot-lines.goal":
    "Kereta melaju sejauh apa pun di sepanjang garis, selama tidak ada yang menghalangi. Kumpulkan semua bintang.",
  "lessons-xiangqi.cannon-moves.title": "Meriam",
  "lessons-xiangqi.cannon-moves.goal":
    "Meriam berjalan seperti kereta, dan hanya melompati bidak saat memakan. Kumpulkan kedua bintang.",
  "lessons-xiangqi.soldier-river.title": "Prajurit",
  "lessons-xiangqi.soldier-river.goal":
    "Prajurit melangkah maju. Setelah menyeberangi sungai, ia juga boleh melangkah ke samping, tetapi tidak pernah mundur. Capai kedua bintang.",
  "lessons-xiangqi.chariot-captures.title": "Memakan dengan kereta",
  "lessons-xiangqi.chariot-captures.goal":
    "Makan ketiga bidak yang ditandai dengan kereta Anda. Pihak lawan tidak bergerak.",
  "lessons-xiangqi.cannon-screen.title": "Memakan dengan meriam",
  "lessons-xiangqi.cannon-screen.goal":
    "Untuk memakan, meriam melompati tepat satu bidak dari warna mana pun, yaitu layarnya. Makan kedua bidak yang ditandai.",
  "lessons-xiangqi.horse-captures.title": "Memakan dengan kuda",
  "lessons-xiangqi.horse-captures.goal":
    "Makan ketiga bidak yang ditandai dengan kuda Anda, satu per satu.",
  "lessons-xiangqi.flying-general.title": "Jenderal tidak boleh berhadapan",
  "lessons-xiangqi.flying-general.goal":
    "Makan kuda yang ditandai. Hati-hati: kuda Anda satu-satunya bidak di antara kedua jenderal, dan mereka tidak boleh saling melihat di lajur yang kosong.",
  "lessons-xiangqi.check-step-aside.title": "Lolos dari skak: menyingkir",
  "lessons-xiangqi.check-step-aside.goal":
    "Kereta Hitam memberi skak. Pindahkan jenderal Anda keluar dari garisnya.",
  "lessons-xiangqi.check-capture.title": "Lolos dari skak: memakan",
  "lessons-xiangqi.check-capture.goal": "Kereta Hitam memberi skak. Makan kereta itu.",
  "lessons-xiangqi.check-block.title": "Lolos dari skak: menutup",
  "lessons-xiangqi.check-block.goal":
    "Kereta Hitam memberi skak dan tidak bisa dimakan. Tempatkan salah satu bidak Anda di antara kereta itu dan jenderal Anda.",
  "lessons-xiangqi.check-horse-leg.title": "Lolos dari skak: kaki kuda",
  "lessons-xiangqi.check-horse-leg.goal":
    "Kuda Hitam memberi skak. Hentikan dengan menaruh bidak di kakinya, titik di sebelahnya yang mengarah ke jenderal Anda.",
  "lessons-xiangqi.check-second-screen.title": "Lolos dari skak: layar kedua",
  "lessons-xiangqi.check-second-screen.goal":
    "Meriam Hitam memberi skak melewati satu layar. Jika ada dua bidak di antaranya, meriam tidak bisa memakan: tambahkan satu bidak lagi ke garis itu.",
  "lessons-xiangqi.check-no-screen.title": "Lolos dari skak: tanpa layar",
  "lessons-xiangqi.check-no-screen.goal":
    "Meriam Hitam memberi skak dengan kuda Anda sebagai layarnya. Pindahkan kuda itu, maka meriam tidak punya bidak untuk dilompati.",
  "lessons-xiangqi.mate-chariot.title": "Skakmat dengan kereta",
  "lessons-xiangqi.mate-chariot.goal":
    "Skakmat dalam satu langkah: beri skak yang tidak bisa dihindari jenderal Hitam. Prajurit Anda menjaga salah satu titiknya.",
  "lessons-xiangqi.mate-facing-generals.title": "Skakmat dibantu jenderal Anda",
  "lessons-xiangqi.mate-facing-generals.goal":
    "Skakmat dalam satu langkah. Jenderal Anda mengawasi lajur terbuka di depannya, jadi jenderal Hitam tidak boleh masuk ke lajur itu.",
  "lessons-xiangqi.mate-horse.title": "Skakmat dengan kuda",
  "lessons-xiangqi.mate-horse.goal":
    "Skakmat dalam satu langkah dengan kuda. Kereta Anda sudah menjaga lajur f.",
  "lessons-xiangqi.mate-cannon.title": "Skakmat dengan meriam",
  "lessons-xiangqi.mate-cannon.goal":
    "Skakmat dalam satu langkah dengan meriam, memakai prajurit Anda sebagai layarnya.",
  "lessons-xiangqi.mate-double-cannon.title": "Skakmat dengan dua meriam",
  "lessons-xiangqi.mate-double-cannon.goal":
    "Skakmat dalam satu langkah: jajarkan kedua meriam, sehingga yang satu menjadi layar bagi yang lain.",
  "lessons-xiangqi.wrong.step":
    "Itu juga mengakhiri skak, tetapi di tahap ini pindahkan jenderalnya sendiri.",
  "lessons-xiangqi.wrong.capture":
    "Itu juga mengakhiri skak, tetapi di tahap ini makan kereta yang memberi skak.",
  "lessons-xiangqi.wrong.block":
    "Itu juga mengakhiri skak, tetapi di tahap ini tutup garisnya dengan sebuah bidak.",
  "lessons-xiangqi.wrong.leg": "Itu juga mengakhiri skak, tetapi di tahap ini halangi kaki kuda.",
  "lessons-xiangqi.wrong.addScreen":
    "Itu juga mengakhiri skak, tetapi di tahap ini tempatkan bidak kedua di antara meriam dan jenderal Anda.",
  "lessons-xiangqi.wrong.removeScreen":
    "Itu juga mengakhiri skak, tetapi di tahap ini pindahkan layarnya keluar dari garis meriam.",
};
