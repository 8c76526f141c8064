/**
 * The keys that step through a game, wherever the focus is on a review (its controls, the
 * evaluation graph): the step they go to from `step` of `0..last`, or undefined for another key.
 */
export function stepForKey(key: string, step: number, last: number): number | undefined {
  switch (key) {
    case "ArrowLeft":
      return Math.max(0, step - 1);
    case "ArrowRight":
      return Math.min(last, step + 1);
    case "Home":
      return 0;
    case "End":
      return last;
    default:
      return undefined;
  }
}
