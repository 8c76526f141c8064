/**
 * What the lobby shows once it is drawn: "Recommended by 87 % of 412 players" beside each game,
 * once enough people answered (`RECOMMEND_SHOWN_FROM`; left out when the server cannot say),
 * and a line to ask for a setting or send other feedback.
 */
import { GAME_IDS } from "../../../shared/games/catalog";
import { RECOMMEND_SHOWN_FROM } from "../../../shared/protocol/site";
import { lang, siteTexts, t } from "../i18n";
import { el } from "../ui/dom";
import { recommendations } from "./api";
import { showFeedbackForm } from "./feedbackForm";

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

/** Adds the feedback line to `lobby`, and the recommendation beside each game. */
export function showLobbyExtras(lobby: HTMLElement, open: (path: string) => void): void {
  if (!lobby.querySelector(".lobby-feedback"))
    lobby.querySelector(".lobby-side")?.append(feedbackLine(open));
  void showRecommendations(lobby);
}

/** Asking for a setting, or anything else: the feedback form. */
function feedbackLine(open: (path: string) => void): HTMLElement {
  return el(
    "p",
    { class: "lobby-feedback" },
    ...(["setting", "other"] as const).map((kind) =>
      el(
        "button",
        {
          type: "button",
          class: "btn link",
          "data-action": `feedback-${kind}`,
          onclick: () =>
            void siteTexts().then(
              () => showFeedbackForm({ kind, open }),
              () => undefined,
            ),
        },
        t(`lobby.feedback.${kind}`),
      ),
    ),
  );
}

async function showRecommendations(lobby: HTMLElement): Promise<void> {
  const answer = await recommendations();
  // Marked once read, whatever it said (tests wait for it).
  lobby.dataset.recommendations = answer.ok ? "read" : "failed";
  if (!answer.ok) return;
  for (const game of GAME_IDS) {
    // Beside the game's rules and lessons (lobby.ts `learnCard`).
    const row = lobby.querySelector(`[data-section=learn] a[href="/rules/${game}"]`)?.parentElement;
    const counts = answer.value[game];
    const text = counts ? recommendedText(counts.yes, counts.no) : null;
    if (!row || !text) continue;
    row.querySelector("[data-recommend]")?.remove();
    row.append(el("span", { class: "recommended muted", "data-recommend": game }, text));
  }
}
