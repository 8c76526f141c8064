/** Every game's rules page and lessons. */
import type { GameId } from "../../../shared/games/catalog";
import type { RulesContent, Stage } from "./content";
import { fourchessStages } from "./lessons/fourchess";
import { xiangqiStages } from "./lessons/xiangqi";
import { fourchessRules } from "./rules/fourchess";
import { xiangqiRules } from "./rules/xiangqi";

export const RULES: Readonly<Record<GameId, RulesContent>> = {
  xiangqi: xiangqiRules,
  fourchess: fourchessRules,
};

export const LESSONS: Readonly<Record<GameId, readonly Stage[]>> = {
  xiangqi: xiangqiStages,
  fourchess: fourchessStages,
};
