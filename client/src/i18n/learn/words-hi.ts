/** The words of the rules pages and the lessons (see en.ts). */
import { commonHi } from "./common-hi";
import { lessonsFourchessHi } from "./lessons-fourchess-hi";
import { lessonsXiangqiHi } from "./lessons-xiangqi-hi";
import { rulesFourchessHi } from "./rules-fourchess-hi";
import { rulesXiangqiHi } from "./rules-xiangqi-hi";
import type { LearnKey } from "./words-en";

export const hiLearn: Readonly<Record<LearnKey, string>> = {
  ...commonHi,
  ...rulesXiangqiHi,
  ...rulesFourchessHi,
  ...lessonsXiangqiHi,
  ...lessonsFourchessHi,
};
