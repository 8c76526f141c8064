import type { LessonsXiangqiKey } from "./lessons-xiangqi-en";

export const lessonsXiangqiPt: Readonly<Record<LessonsXiangqiKey, string>> = {
  "lessons-xiangqi.title": "lessons-xiangqi",
};
