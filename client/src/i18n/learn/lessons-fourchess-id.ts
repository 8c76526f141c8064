import type { LessonsFourchessKey } from "./lessons-fourchess-en";

export const lessonsFourchessId: Readonly<Record<LessonsFourchessKey, string>> = {
  "lessons-fourchess.title": "lessons-fourchess",
};
