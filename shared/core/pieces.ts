/** Xiangqi piece kinds by their WXF letter. */
export const XIANGQI_KINDS = ["K", "A", "E", "H", "R", "C", "P"] as const;
export type XiangqiKind = (typeof XIANGQI_KINDS)[number];
