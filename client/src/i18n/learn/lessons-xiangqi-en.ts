/** English: words of the lessons xiangqi (a part of the learning chunk, see en.ts). */
export const lessonsXiangqiEn = {
  "lessons-xiangqi.title": "lessons-xiangqi",
} as const;

export type LessonsXiangqiKey = keyof typeof lessonsXiangqiEn;
