/**
 * The lobby's "You" section once its code and words are here: this device's player with their
 * ratings and a link to their page, carrying the player to another device (the link, its QR
 * code, copying it) and forgetting the player here after a confirmation. Without a player: how
 * one is made, and a button to make one now.
 */
import { POOLS } from "../../../shared/rating/types";
import { carryLink } from "../device/carry";
import {
  type DevicePlayer,
  devicePlayer,
  ensurePlayer,
  forgetPlayer,
  onPlayerChange,
} from "../device/player";
import { personName, t, tCount } from "../i18n";
import { fetchPlayer, type PlayerView, ReadFailed } from "../net/players";
import { pageLink } from "../screens/lobby/lists";
import { clear, el } from "../ui/dom";
import { icon } from "../ui/icons";
import { poolName, ratingLabel } from "./pools";

export interface YouLinks {
  open(path: string): void;
  /** The name this device sits under (a new player takes it). */
  name(): string;
}

/**
 * Draws the lobby's "You" section in `box` and keeps it current as the device's player changes;
 * the returned function stops that.
 */
export function youSection(box: HTMLElement, links: YouLinks): () => void {
  const body = el("div", { class: "you-body" });
  box.replaceChildren(
    el("h2", { id: "you-heading" }, icon("people"), t("you.heading")),
    body,
    el(
      "p",
      { class: "you-links" },
      pageLink("", "/leaderboard", "leaderboard", t("player.leaderboard"), links.open),
    ),
  );
  box.setAttribute("aria-labelledby", "you-heading");
  box.hidden = false;
  let shown = 0;
  const render = (p: DevicePlayer | null) => {
    const mine = ++shown;
    clear(body);
    if (!p) {
      body.append(noPlayer(links));
      return;
    }
    body.append(el("p", { class: "muted" }, t("you.loading")));
    fetchPlayer(p.id).then(
      (view) => {
        if (mine === shown) body.replaceChildren(...withPlayer(p, view, links));
      },
      (e) => {
        if (mine !== shown) return;
        // The server does not know this player (a fresh store): this device has none.
        if (e instanceof ReadFailed && e.missing) forgetPlayer();
        else body.replaceChildren(el("p", { class: "muted" }, t("you.failed")));
      },
    );
  };
  render(devicePlayer());
  const stop = onPlayerChange(render);
  return () => {
    shown++;
    stop();
  };
}

function noPlayer(links: YouLinks): HTMLElement {
  const status = el("p", { class: "muted", role: "status" });
  const make: HTMLButtonElement = el(
    "button",
    {
      class: "btn",
      "data-action": "make-player",
      onclick: async () => {
        make.disabled = true;
        // On success the section is drawn again (onPlayerChange).
        if (!(await ensurePlayer(links.name()))) {
          make.disabled = false;
          status.textContent = t("you.makeFailed");
        }
      },
    },
    t("you.make"),
  );
  return el("div", { class: "you-none" }, el("p", {}, t("you.none")), make, status);
}

function withPlayer(p: DevicePlayer, view: PlayerView, links: YouLinks): HTMLElement[] {
  const name = personName(view.name);
  return [
    el("p", { class: "you-name", "data-player": p.id }, el("strong", {}, el("bdi", {}, name))),
    el(
      "dl",
      { class: "you-ratings" },
      ...POOLS.map((pool) => {
        const r = view.ratings[pool];
        return el(
          "div",
          { "data-pool": pool },
          el("dt", {}, poolName(pool)),
          el(
            "dd",
            {},
            el("span", { "data-rating": "" }, ratingLabel(r)),
            el("small", {}, tCount("player.games", r.games)),
          ),
        );
      }),
    ),
    el(
      "p",
      { class: "you-links" },
      pageLink("", `/p/${p.id}`, "player-page", t("you.page"), links.open),
    ),
    carryFold(p),
    forgetFold(name),
  ];
}

/** The link that carries the player, its QR code (loaded when the fold opens) and a copy button. */
function carryFold(p: DevicePlayer): HTMLElement {
  const link = carryLink(p);
  const status = el("p", { class: "muted", role: "status" });
  const field = el("input", {
    id: "carry-link",
    type: "text",
    readOnly: true,
    value: link,
    onfocus: () => field.select(),
  });
  const copy = el(
    "button",
    {
      class: "btn",
      "data-action": "copy-link",
      onclick: async () => {
        try {
          await navigator.clipboard.writeText(link);
          status.textContent = t("you.copied");
        } catch {
          field.select();
          status.textContent = t("you.copyFailed");
        }
      },
    },
    t("you.copy"),
  );
  const carry = el(
    "div",
    { class: "carry" },
    el("p", {}, t("you.carryText")),
    el("label", { for: "carry-link", class: "sr-only" }, t("you.carryLink")),
    el("div", { class: "carry-row" }, field, copy),
    status,
  );
  const fold: HTMLDetailsElement = el(
    "details",
    {
      class: "carry-fold",
      ontoggle: () => {
        if (!fold.open || carry.querySelector("img")) return;
        void import("../screens/table/qr").then(({ qrDataUrl }) => {
          if (!carry.querySelector("img"))
            carry.insertBefore(
              el("img", { src: qrDataUrl(link), alt: t("you.qr"), class: "carry-qr" }),
              status,
            );
        });
      },
    },
    el("summary", {}, t("you.carry")),
    carry,
  );
  return fold;
}

/** Forgetting the player on this device, once confirmed. */
function forgetFold(name: string): HTMLElement {
  const fold: HTMLDetailsElement = el(
    "details",
    { class: "forget-fold" },
    el("summary", {}, t("you.forget")),
    el(
      "div",
      { class: "forget" },
      el("p", {}, t("you.forgetText", { name })),
      el(
        "div",
        { class: "row" },
        el(
          "button",
          { class: "btn danger", "data-action": "forget-confirm", onclick: () => forgetPlayer() },
          t("you.forgetConfirm"),
        ),
        el(
          "button",
          {
            class: "btn",
            "data-action": "forget-cancel",
            onclick: () => {
              fold.open = false;
              // The button is hidden with the fold: focus goes back to the fold's title.
              fold.querySelector("summary")?.focus();
            },
          },
          t("you.forgetCancel"),
        ),
      ),
    ),
  );
  return fold;
}
