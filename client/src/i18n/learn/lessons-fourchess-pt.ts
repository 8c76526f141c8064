import type { LessonsFourchessKey } from "./lessons-fourchess-en";

export const lessonsFourchessPt: Readonly<Record<LessonsFourchessKey, string>> = {
  "lessons-fourchess.title": "lessons-fourchess",
};
