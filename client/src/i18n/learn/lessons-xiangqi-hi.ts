import type { LessonsXiangqiKey } from "./lessons-xiangqi-en";

export const lessonsXiangqiHi: Readonly<Record<LessonsXiangqiKey, string>> = {
  "lessons-xiangqi.general-palace.title": "सेनापति",
  "lessons-xiangqi.general-palace.goal":
    "सेनापति एक बिंदु आगे, पीछे या बगल में चलता है और अपने महल से कभी बाहर नहीं जाता। दोनों सितारों तक जाएँ।",
  "lessons-xiangqi.advisor-diagonals.title": "सलाहकार",
  "lessons-xiangqi.advisor-diagonals.goal":
    "सलाहकार महल की तिरछी रेखाओं पर एक बिंदु चलता है। दोनों सितारों तक पहुँचें।",
  "lessons-xiangqi.elephant-river.title": "हाथी",
  "lessons-xiangqi.elephant-river.goal":
    "हाथी दो बिंदु तिरछा चलता है, बशर्ते बीच वाले बिंदु (उसकी आँख) पर कोई मोहरा न हो, और वह नदी कभी पार नहीं करता। दोनों सितारों तक पहुँचें।",
  "lessons-xiangqi.horse-moves.title": "घोड़ा",
  "lessons-xiangqi.horse-moves.goal":
    "घोड़ा एक बिंदु सीधा चलता है, फिर एक बिंदु तिरछा, जहाँ से चला था उससे दूर। दोनों सितारों तक पहुँचें।",
  "lessons-xiangqi.horse-leg.title": "घोड़े का पैर",
  "lessons-xiangqi.horse-leg.goal":
    "e4 का सिपाही घोड़े के पैर पर खड़ा है, इसलिए घोड़ा उस ओर नहीं कूद सकता। घूमकर सितारे तक पहुँचें।",
  "lessons-xiangqi.chariot-lines.title": "रथ",
  "lessons-xiangqi.chariot-lines.goal":
    "रथ सीधी रेखा में कितनी भी दूर जाता है, जब तक रास्ते में कुछ न हो। सारे सितारे इकट्ठा करें।",
  "lessons-xiangqi.cannon-moves.title": "तोप",
  "lessons-xiangqi.cannon-moves.goal":
    "तोप रथ की तरह चलती है और किसी मोहरे के ऊपर से सिर्फ़ मारने के लिए कूदती है। दोनों सितारे इकट्ठा करें।",
  "lessons-xiangqi.soldier-river.title": "सिपाही",
  "lessons-xiangqi.soldier-river.goal":
    "सिपाही आगे बढ़ता है। नदी पार करने के बाद वह बगल में भी चल सकता है, पर पीछे कभी नहीं। दोनों सितारों तक पहुँचें।",
  "lessons-xiangqi.chariot-captures.title": "रथ से मारना",
  "lessons-xiangqi.chariot-captures.goal": "अपने रथ से तीनों चिह्नित मोहरे मारें। दूसरा पक्ष चाल नहीं चलता।",
  "lessons-xiangqi.cannon-screen.title": "तोप से मारना",
  "lessons-xiangqi.cannon-screen.goal":
    "मारने के लिए तोप किसी भी रंग के ठीक एक मोहरे, यानी अपनी ओट, के ऊपर से कूदती है। दोनों चिह्नित मोहरे मारें।",
  "lessons-xiangqi.horse-captures.title": "घोड़े से मारना",
  "lessons-xiangqi.horse-captures.goal": "अपने घोड़े से तीनों चिह्नित मोहरे एक-एक करके मारें।",
  "lessons-xiangqi.flying-general.title": "सेनापति आमने-सामने नहीं आ सकते",
  "lessons-xiangqi.flying-general.goal":
    "चिह्नित घोड़े को मारें। ध्यान दें: दोनों सेनापतियों के बीच सिर्फ़ आपका घोड़ा है, और खाली स्तंभ पर वे एक-दूसरे को कभी नहीं देख सकते।",
  "lessons-xiangqi.check-step-aside.title": "शह से बचना: हट जाना",
  "lessons-xiangqi.check-step-aside.goal": "काले का रथ शह दे रहा है। अपने सेनापति को उसकी रेखा से हटाएँ।",
  "lessons-xiangqi.check-capture.title": "शह से बचना: मारना",
  "lessons-xiangqi.check-capture.goal": "काले का रथ शह दे रहा है। उसे मार दें।",
  "lessons-xiangqi.check-block.title": "शह से बचना: रास्ता रोकना",
  "lessons-xiangqi.check-block.goal":
    "काले का रथ शह दे रहा है और उसे मारा नहीं जा सकता। उसके और अपने सेनापति के बीच अपना कोई मोहरा रखें।",
  "lessons-xiangqi.check-horse-leg.title": "शह से बचना: घोड़े का पैर",
  "lessons-xiangqi.check-horse-leg.goal":
    "काला घोड़ा शह दे रहा है। उसके पैर पर, यानी आपके सेनापति की दिशा में उसके ठीक बगल वाले बिंदु पर, कोई मोहरा रखकर उसे रोकें।",
  "lessons-xiangqi.check-second-screen.title": "शह से बचना: दूसरी ओट",
  "lessons-xiangqi.check-second-screen.goal":
    "काली तोप एक ओट के ऊपर से शह दे रही है। बीच में दो मोहरे हों तो वह मार नहीं सकती: रेखा में एक और मोहरा रखें।",
  "lessons-xiangqi.check-no-screen.title": "शह से बचना: बिना ओट",
  "lessons-xiangqi.check-no-screen.goal":
    "काली तोप आपके घोड़े को ओट बनाकर शह दे रही है। घोड़े को हटा दें, तो तोप के पास कूदने के लिए कुछ नहीं रहेगा।",
  "lessons-xiangqi.mate-chariot.title": "रथ से मात",
  "lessons-xiangqi.mate-chariot.goal":
    "एक चाल में शह-मात: ऐसी शह दें जिससे काला सेनापति बच न सके। आपका सिपाही उसके एक बिंदु पर नज़र रखता है।",
  "lessons-xiangqi.mate-facing-generals.title": "अपने सेनापति की मदद से मात",
  "lessons-xiangqi.mate-facing-generals.goal":
    "एक चाल में शह-मात। आपका सेनापति अपने सामने के खुले स्तंभ पर नज़र रखता है, इसलिए काला सेनापति उस स्तंभ पर नहीं आ सकता।",
  "lessons-xiangqi.mate-horse.title": "घोड़े से मात",
  "lessons-xiangqi.mate-horse.goal": "घोड़े से एक चाल में शह-मात। आपका रथ f स्तंभ पर पहले से नज़र रखे हुए है।",
  "lessons-xiangqi.mate-cannon.title": "तोप से मात",
  "lessons-xiangqi.mate-cannon.goal": "तोप से एक चाल में शह-मात, अपने सिपाही को ओट बनाकर।",
  "lessons-xiangqi.mate-double-cannon.title": "दो तोपों से मात",
  "lessons-xiangqi.mate-double-cannon.goal":
    "एक चाल में शह-मात: दोनों तोपों को एक रेखा में लाएँ, ताकि एक तोप दूसरी की ओट बने।",
  "lessons-xiangqi.wrong.step": "इससे भी शह हटती है, पर इस चरण में सेनापति को ही चलाएँ।",
  "lessons-xiangqi.wrong.capture": "इससे भी शह हटती है, पर इस चरण में शह देने वाले रथ को मारें।",
  "lessons-xiangqi.wrong.block": "इससे भी शह हटती है, पर इस चरण में किसी मोहरे से रेखा रोकें।",
  "lessons-xiangqi.wrong.leg": "इससे भी शह हटती है, पर इस चरण में घोड़े का पैर रोकें।",
  "lessons-xiangqi.wrong.addScreen":
    "इससे भी शह हटती है, पर इस चरण में तोप और अपने सेनापति के बीच दूसरा मोहरा रखें।",
  "lessons-xiangqi.wrong.removeScreen": "इससे भी शह हटती है, पर इस चरण में ओट को तोप की रेखा से हटाएँ।",
};
