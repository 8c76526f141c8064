import type { LessonsXiangqiKey } from "./lessons-xiangqi-en";

export const lessonsXiangqiHi: Readonly<Record<LessonsXiangqiKey, string>> = {
  "lessons-xiangqi.title": "lessons-xiangqi",
};
