/**
 * "Would you recommend xiangqi to a friend? Yes / No" on the result card of a game the reader
 * played: the device's answer shows pressed and can be changed; each answer is sent with the
 * device's id, so the server counts one per device and game.
 */
import type { GameId } from "../../../shared/games/catalog";
import { deviceId } from "../device/deviceId";
import { recommendation, rememberRecommendation } from "../device/recommend";
import { t } from "../i18n";
import { sendRecommendation } from "../site/api";
import { announce } from "../ui/announce";
import { el } from "../ui/dom";

export function recommendBox(game: GameId): HTMLElement {
  const question = t("recommend.ask", { game: t(`game.${game}`) });
  const said = el("p", { class: "muted recommend-said" });
  const buttons = ([true, false] as const).map((yes) =>
    el(
      "button",
      {
        type: "button",
        class: "btn small",
        "data-action": yes ? "recommend-yes" : "recommend-no",
        onclick: () => void answer(yes),
      },
      t(yes ? "recommend.yes" : "recommend.no"),
    ),
  );
  const show = (value: boolean | null) => {
    buttons.forEach((b, i) => {
      b.setAttribute("aria-pressed", String(value === (i === 0)));
    });
  };
  const answer = async (yes: boolean) => {
    if (recommendation(game) === yes) return;
    const sent = await sendRecommendation({ game, recommend: yes, device: deviceId() });
    if (!sent.ok) {
      said.textContent = t("recommend.failed");
      announce(said.textContent);
      return;
    }
    rememberRecommendation(game, yes);
    show(yes);
    said.textContent = t("recommend.thanks");
    announce(said.textContent);
  };
  show(recommendation(game));
  return el(
    "div",
    { class: "recommend", role: "group", "aria-label": question, "data-recommend": game },
    el("p", { class: "recommend-question" }, question),
    el("div", { class: "row" }, ...buttons),
    said,
  );
}
