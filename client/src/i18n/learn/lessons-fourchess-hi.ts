import type { LessonsFourchessKey } from "./lessons-fourchess-en";

export const lessonsFourchessHi: Readonly<Record<LessonsFourchessKey, string>> = {
  "lessons-fourchess.cross-board.title": "क्रॉस के आकार की बिसात",
  "lessons-fourchess.cross-board.goal":
    "चारों कोनों के 3×3 हिस्से कटे हुए हैं: वे ख़ाने नहीं हैं, और उन पर कोई मोहरा नहीं रुक सकता। हाथी को दोनों तारों तक ले जाइए।",
  "lessons-fourchess.king-stars.title": "राजा",
  "lessons-fourchess.king-stars.goal":
    "राजा किसी भी दिशा में एक ख़ाना चलता है। उसे दोनों तारों पर ले जाइए।",
  "lessons-fourchess.bishop-stars.title": "ऊँट",
  "lessons-fourchess.bishop-stars.goal":
    "ऊँट तिरछी रेखाओं पर चलता है, पर कटे हुए कोने के पार कभी नहीं जाता। दोनों तारों तक पहुँचिए।",
  "lessons-fourchess.knight-stars.title": "घोड़ा",
  "lessons-fourchess.knight-stars.goal":
    "घोड़ा L के आकार में कूदता है, बीच के मोहरों के ऊपर से, पर कटे हुए कोने में कभी नहीं उतरता। तीनों तारे इकट्ठा कीजिए।",
  "lessons-fourchess.queen-stars.title": "वज़ीर",
  "lessons-fourchess.queen-stars.goal":
    "वज़ीर सीधा या तिरछा, जहाँ तक रास्ता खाली हो, चलता है। तीनों तारे इकट्ठा कीजिए।",
  "lessons-fourchess.turn-order.title": "अगली चाल किसकी",
  "lessons-fourchess.turn-order.goal":
    "बारी घड़ी की दिशा में चलती है: लाल, नीला, पीला, फिर हरा। इसी क्रम में हर खिलाड़ी का घोड़ा एक तारे पर ले जाइए।",
  "lessons-fourchess.pawn-directions.title": "आगे बढ़ने की चार दिशाएँ",
  "lessons-fourchess.pawn-directions.goal":
    "हर प्यादा सामने वाले किनारे की ओर बढ़ता है: लाल का ऊपर, नीले का दाईं ओर, पीले का नीचे, हरे का बाईं ओर। अपनी शुरुआती पंक्ति से प्यादा दो ख़ाने बढ़ सकता है: बारी-बारी से हर प्यादे को उसके तारे तक ले जाइए।",
  "lessons-fourchess.pawn-capture.title": "प्यादा तिरछा मारता है",
  "lessons-fourchess.pawn-capture.goal":
    "प्यादा आगे की ओर एक ख़ाना तिरछा मारता है, सीधे सामने कभी नहीं। लाल प्यादे से दोनों चिह्नित मोहरे मारिए।",
  "lessons-fourchess.partners.title": "आपके साथी के मोहरे",
  "lessons-fourchess.partners.goal":
    "टीम में पीला आपके सामने बैठता है और आपका साथी है: उसके मोहरे मारे नहीं जा सकते और वे आपका रास्ता रोकते हैं। वज़ीर से नीले और हरे के चिह्नित मोहरे मारिए।",
  "lessons-fourchess.castling.title": "कैसलिंग",
  "lessons-fourchess.castling.goal":
    "राजा हाथी की ओर दो ख़ाने चलता है, और हाथी उस ख़ाने पर आ जाता है जिसे राजा ने पार किया। ऐसे कैसलिंग कीजिए कि राजा तारे पर पहुँचे।",
  "lessons-fourchess.promotion-teams.title": "टीम में पदोन्नति",
  "lessons-fourchess.promotion-teams.goal":
    "टीम में प्यादा अपनी 11वीं पंक्ति पर पदोन्नत होता है, बीच से तीन पंक्ति आगे। प्यादे को तारे तक ले जाइए।",
  "lessons-fourchess.promotion-individual.title": "व्यक्तिगत में पदोन्नति",
  "lessons-fourchess.promotion-individual.goal":
    "व्यक्तिगत में प्यादा अपनी 8वीं पंक्ति, यानी बीच की रेखा, पर पदोन्नत होता है और हमेशा वज़ीर बनता है (जो मारे जाने पर सिर्फ़ 1 अंक का होता है)। प्यादे को तारे पर पदोन्नत कीजिए।",
  "lessons-fourchess.escape-check.title": "शह से बचिए",
  "lessons-fourchess.escape-check.goal":
    "नीले का हाथी आपके राजा को शह दे रहा है। उसका एकमात्र सुरक्षित ख़ाना खोजिए: याद रखिए, आपके साथी के मोहरे कभी शह नहीं देते।",
  "lessons-fourchess.take-the-king.title": "राजा को मारिए",
  "lessons-fourchess.take-the-king.goal":
    "टीम में, शह में छोड़े गए राजा को वह विरोधी मार सकता है जिसकी चाल उसके मालिक से पहले आती है, और इससे खेल जीता जाता है। नीले का राजा मारिए।",
  "lessons-fourchess.teams-mate.title": "टीम में शह-मात",
  "lessons-fourchess.teams-mate.goal":
    "हाथी से हरे को शह-मात दीजिए। मात तभी गिनी जाती है जब हरे की बारी आती है: पहले नीला और पीला चलते हैं, और नीला अब भी अपने साथी को बचा सकता है।",
  "lessons-fourchess.individual-points.title": "व्यक्तिगत में अंक",
  "lessons-fourchess.individual-points.goal":
    "यहाँ हर खिलाड़ी आपका विरोधी है। वज़ीर 9 अंक का है, हाथी या ऊँट 5 का, घोड़ा 3 का, प्यादा 1 का। घोड़े से 14 अंक बनाइए।",
  "lessons-fourchess.two-kings.title": "दो राजाओं को शह",
  "lessons-fourchess.two-kings.goal":
    "एक राजा को शह देने से कुछ नहीं मिलता, पर एक ही चाल में दो राजाओं को शह देने पर 5 अंक मिलते हैं। हाथी से ये अंक लीजिए।",
};
