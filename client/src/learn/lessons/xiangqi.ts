/** The lessons of xiangqi, stage by stage in the order they are taken. */
import type { Stage } from "../content";

export const xiangqiStages: readonly Stage[] = [];
