/**
 * The lobby's "Recommended by 87 % of 412 players" beside each game, once enough people
 * answered (`RECOMMEND_SHOWN_FROM`); fetched after the lobby is drawn, and left out when the
 * server cannot say.
 */
import { GAME_IDS } from "../../../shared/games/catalog";
import { RECOMMEND_SHOWN_FROM } from "../../../shared/protocol/site";
import { lang, t } from "../i18n";
import { recommendations } from "./api";

/** The sentence for `yes` of `yes + no` answers, or null below the threshold. */
export function recommendedText(yes: number, no: number): string | null {
  const n = yes + no;
  if (n < RECOMMEND_SHOWN_FROM) return null;
  const l = lang();
  return t("lobby.recommended", {
    pct: new Intl.NumberFormat(l, { style: "percent", maximumFractionDigits: 0 }).format(yes / n),
    n: new Intl.NumberFormat(l).format(n),
  });
}

/** Fills each game's `[data-recommend]` place inside `lobby`. */
export async function showRecommendations(lobby: HTMLElement): Promise<void> {
  const answer = await recommendations();
  // Marked once read, whatever it said (tests wait for it).
  lobby.dataset.recommendations = answer.ok ? "read" : "failed";
  if (!answer.ok) return;
  for (const game of GAME_IDS) {
    const place = lobby.querySelector<HTMLElement>(`[data-recommend="${game}"]`);
    const counts = answer.value[game];
    const text = counts ? recommendedText(counts.yes, counts.no) : null;
    if (!place || !text) continue;
    place.textContent = text;
    place.hidden = false;
  }
}
