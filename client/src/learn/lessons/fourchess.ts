/** The lessons of fourchess, stage by stage in the order they are taken. */
import type { Stage } from "../content";

export const fourchessStages: readonly Stage[] = [];
