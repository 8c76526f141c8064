/**
 * English: the words of the rules pages and the lessons, a chunk of its own fetched when such a
 * page opens (i18n/index.ts `learnTexts`). Each file holds one part: the words every page shares,
 * each game's rules page and each game's lessons.
 */
import { commonEn } from "./common-en";
import { lessonsFourchessEn } from "./lessons-fourchess-en";
import { lessonsXiangqiEn } from "./lessons-xiangqi-en";
import { rulesFourchessEn } from "./rules-fourchess-en";
import { rulesXiangqiEn } from "./rules-xiangqi-en";

export const enLearn = {
  ...commonEn,
  ...rulesXiangqiEn,
  ...rulesFourchessEn,
  ...lessonsXiangqiEn,
  ...lessonsFourchessEn,
};

export type LearnKey = keyof typeof enLearn;
