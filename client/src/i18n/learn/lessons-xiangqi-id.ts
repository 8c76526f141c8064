import type { LessonsXiangqiKey } from "./lessons-xiangqi-en";

export const lessonsXiangqiId: Readonly<Record<LessonsXiangqiKey, string>> = {
  "lessons-xiangqi.title": "lessons-xiangqi",
};
