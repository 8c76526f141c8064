/** English: words of the lessons fourchess (a part of the learning chunk, see en.ts). */
export const lessonsFourchessEn = {
  "lessons-fourchess.title": "lessons-fourchess",
} as const;

export type LessonsFourchessKey = keyof typeof lessonsFourchessEn;
