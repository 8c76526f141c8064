/**
 * A rating as people read it: rounded, with "?" while it is provisional ("1500?"). The server
 * tells whether a rating is provisional (shared/rating/glicko2.ts `shown` for the same rule on a
 * stored rating), so the client only writes it.
 */
export function ratingLabel(r: { readonly rating: number; readonly provisional: boolean }): string {
  return `${Math.round(r.rating)}${r.provisional ? "?" : ""}`;
}
