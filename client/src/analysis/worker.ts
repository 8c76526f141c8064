/**
 * The analysis thread: receives a game (`AnalysisJob`), analyses every position with the
 * engines and posts each as soon as it is known, `valued` when every position has a value, the
 * positions searched again by the second pass, then `done`. The page stops it by terminating
 * the worker, which ends a search at once wherever it is.
 */
import { type AnalysisJob, analyseGame, type PlyAnalysis } from "./driver";

/** What the worker posts back. */
export type AnalysisMessage =
  | { readonly type: "ply"; readonly ply: PlyAnalysis }
  /** Every position has a value; positions cut short are being searched again. */
  | { readonly type: "valued" }
  | { readonly type: "done"; readonly complete: boolean }
  | { readonly type: "error"; readonly message: string };

const scope = self as unknown as {
  onmessage: ((e: MessageEvent<AnalysisJob>) => void) | null;
  postMessage(message: AnalysisMessage): void;
};

scope.onmessage = (e) => {
  try {
    const complete = analyseGame(e.data, (ply) => scope.postMessage({ type: "ply", ply }), {
      valued: () => scope.postMessage({ type: "valued" }),
    });
    scope.postMessage({ type: "done", complete });
  } catch (error) {
    scope.postMessage({ type: "error", message: String(error) });
  }
};
