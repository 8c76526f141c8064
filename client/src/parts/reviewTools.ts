/** The review's tools (client/src/review-tools.ts), fetched once, again after a failed fetch. */
import type * as Tools from "../review-tools";

export type ReviewTools = typeof Tools;

let loading: Promise<ReviewTools> | null = null;

export function reviewTools(): Promise<ReviewTools> {
  loading ??= import("../review-tools").catch((e: unknown) => {
    loading = null;
    throw e;
  });
  return loading;
}

/** A review whose tools could not be fetched (offline) still steps: nothing more to do. */
export const noTools = (): void => undefined;
