/** English: words of the xiangqi lessons (a part of the learning chunk, see en.ts). */
export const lessonsXiangqiEn = {
  "lessons-xiangqi.general-palace.title": "The general",
  "lessons-xiangqi.general-palace.goal":
    "The general steps one point up, down or sideways, and never leaves its palace. Visit both stars.",
  "lessons-xiangqi.advisor-diagonals.title": "The advisor",
  "lessons-xiangqi.advisor-diagonals.goal":
    "The advisor steps one point along the palace's diagonal lines. Reach both stars.",
  "lessons-xiangqi.elephant-river.title": "The elephant",
  "lessons-xiangqi.elephant-river.goal":
    "The elephant moves two points diagonally, unless a piece sits on the point in between (its eye), and it never crosses the river. Reach both stars.",
  "lessons-xiangqi.horse-moves.title": "The horse",
  "lessons-xiangqi.horse-moves.goal":
    "The horse goes one point straight, then one point diagonally away from where it started. Reach both stars.",
  "lessons-xiangqi.horse-leg.title": "The horse's leg",
  "lessons-xiangqi.horse-leg.goal":
    "The soldier on e4 stands on the horse's leg, so the horse cannot jump that way. Go around to reach the star.",
  "lessons-xiangqi.chariot-lines.title": "The chariot",
  "lessons-xiangqi.chariot-lines.goal":
    "The chariot runs any distance along a line, as long as nothing is in its way. Collect all the stars.",
  "lessons-xiangqi.cannon-moves.title": "The cannon",
  "lessons-xiangqi.cannon-moves.goal":
    "The cannon moves like the chariot, and it jumps over a piece only to capture. Collect both stars.",
  "lessons-xiangqi.soldier-river.title": "The soldier",
  "lessons-xiangqi.soldier-river.goal":
    "The soldier steps forward. Once it has crossed the river it may also step sideways, but never back. Reach both stars.",
  "lessons-xiangqi.chariot-captures.title": "Capturing with the chariot",
  "lessons-xiangqi.chariot-captures.goal":
    "Take the three marked pieces with your chariot. The other side does not move.",
  "lessons-xiangqi.cannon-screen.title": "Capturing with the cannon",
  "lessons-xiangqi.cannon-screen.goal":
    "To capture, the cannon jumps over exactly one piece of either colour, its screen. Take both marked pieces.",
  "lessons-xiangqi.horse-captures.title": "Capturing with the horse",
  "lessons-xiangqi.horse-captures.goal":
    "Take the three marked pieces with your horse, one after another.",
  "lessons-xiangqi.flying-general.title": "The generals may not face each other",
  "lessons-xiangqi.flying-general.goal":
    "Take the marked horse. Careful: your horse is the only piece between the two generals, and they may never see each other along an empty file.",
  "lessons-xiangqi.check-step-aside.title": "Out of check: step aside",
  "lessons-xiangqi.check-step-aside.goal":
    "The black chariot is giving check. Move your general off its line.",
  "lessons-xiangqi.check-capture.title": "Out of check: capture",
  "lessons-xiangqi.check-capture.goal": "The black chariot is giving check. Capture it.",
  "lessons-xiangqi.check-block.title": "Out of check: block",
  "lessons-xiangqi.check-block.goal":
    "The black chariot is giving check and cannot be taken. Put one of your pieces between it and your general.",
  "lessons-xiangqi.check-horse-leg.title": "Out of check: the horse's leg",
  "lessons-xiangqi.check-horse-leg.goal":
    "The black horse is giving check. Stop it by putting a piece on its leg, the point next to it in the direction of your general.",
  "lessons-xiangqi.check-second-screen.title": "Out of check: a second screen",
  "lessons-xiangqi.check-second-screen.goal":
    "The black cannon gives check over one screen. With two pieces in between it cannot capture: add another piece to the line.",
  "lessons-xiangqi.check-no-screen.title": "Out of check: no screen",
  "lessons-xiangqi.check-no-screen.goal":
    "The black cannon gives check, using your horse as its screen. Move the horse away, and the cannon has nothing to jump over.",
  "lessons-xiangqi.mate-chariot.title": "Mate with the chariot",
  "lessons-xiangqi.mate-chariot.goal":
    "Checkmate in one move: give a check the black general cannot escape. Your soldier guards one of its points.",
  "lessons-xiangqi.mate-facing-generals.title": "Mate with your general's help",
  "lessons-xiangqi.mate-facing-generals.goal":
    "Checkmate in one. Your general watches the open file in front of it, so the black general may not step onto that file.",
  "lessons-xiangqi.mate-horse.title": "Mate with the horse",
  "lessons-xiangqi.mate-horse.goal":
    "Checkmate in one with the horse. Your chariot already guards the f-file.",
  "lessons-xiangqi.mate-cannon.title": "Mate with the cannon",
  "lessons-xiangqi.mate-cannon.goal":
    "Checkmate in one with the cannon, with your soldier as its screen.",
  "lessons-xiangqi.mate-double-cannon.title": "Mate with two cannons",
  "lessons-xiangqi.mate-double-cannon.goal":
    "Checkmate in one: line up both cannons, so that one is the other's screen.",
  "lessons-xiangqi.wrong.step":
    "That ends the check too, but in this stage move the general itself.",
  "lessons-xiangqi.wrong.capture":
    "That ends the check too, but in this stage capture the checking chariot.",
  "lessons-xiangqi.wrong.block":
    "That ends the check too, but in this stage block the line with a piece.",
  "lessons-xiangqi.wrong.leg": "That ends the check too, but in this stage block the horse's leg.",
  "lessons-xiangqi.wrong.addScreen":
    "That ends the check too, but in this stage put a second piece between the cannon and your general.",
  "lessons-xiangqi.wrong.removeScreen":
    "That ends the check too, but in this stage move the screen out of the cannon's line.",
} as const;

export type LessonsXiangqiKey = keyof typeof lessonsXiangqiEn;
