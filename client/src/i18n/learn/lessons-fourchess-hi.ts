import type { LessonsFourchessKey } from "./lessons-fourchess-en";

export const lessonsFourchessHi: Readonly<Record<LessonsFourchessKey, string>> = {
  "lessons-fourchess.title": "lessons-fourchess",
};
