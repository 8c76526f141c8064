/** The words of the rules pages and the lessons (see en.ts). */
import { commonId } from "./common-id";
import { lessonsFourchessId } from "./lessons-fourchess-id";
import { lessonsXiangqiId } from "./lessons-xiangqi-id";
import { rulesFourchessId } from "./rules-fourchess-id";
import { rulesXiangqiId } from "./rules-xiangqi-id";
import type { LearnKey } from "./words-en";

export const idLearn: Readonly<Record<LearnKey, string>> = {
  ...commonId,
  ...rulesXiangqiId,
  ...rulesFourchessId,
  ...lessonsXiangqiId,
  ...lessonsFourchessId,
};
