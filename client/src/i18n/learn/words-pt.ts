/** The words of the rules pages and the lessons (see en.ts). */
import { commonPt } from "./common-pt";
import { lessonsFourchessPt } from "./lessons-fourchess-pt";
import { lessonsXiangqiPt } from "./lessons-xiangqi-pt";
import { rulesFourchessPt } from "./rules-fourchess-pt";
import { rulesXiangqiPt } from "./rules-xiangqi-pt";
import type { LearnKey } from "./words-en";

export const ptLearn: Readonly<Record<LearnKey, string>> = {
  ...commonPt,
  ...rulesXiangqiPt,
  ...rulesFourchessPt,
  ...lessonsXiangqiPt,
  ...lessonsFourchessPt,
};
