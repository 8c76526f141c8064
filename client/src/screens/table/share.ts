/**
 * Inviting people to a table: its code, its link with a copy button, and a QR code of the
 * link. Shown while a table on the network is open to join or watch.
 */
import { normaliseCode } from "../../../../shared/protocol/codes";
import type { TableView } from "../../../../shared/protocol/views";
import { t } from "../../i18n";
import { linkText } from "../../parts/gamelink";
import { clear, el } from "../../ui/dom";
import { icon } from "../../ui/icons";

export class ShareBox {
  readonly element = el("section", { class: "share" });
  private shownFor = "";

  constructor(private readonly say: (text: string) => void) {}

  render(tableId: string | null, s: TableView): void {
    if (!tableId || s.mode === "hotseat" || s.mode === "computer" || s.phase === "finished") {
      clear(this.element);
      this.shownFor = "";
      return;
    }
    const link = `${window.location.origin}/t/${tableId}`;
    if (this.shownFor === link) return;
    this.shownFor = link;
    clear(this.element);
    const img = el("img", { class: "qr", alt: link, width: 112, height: 112 });
    // The QR code's encoder loads on its own, after the board is up.
    void import("./qr").then(({ qrDataUrl }) => {
      if (this.shownFor === link) img.src = qrDataUrl(link);
    });
    // Every table has a 6-character code; one stored before codes has only its link. The code
    // is never broken across lines, in its own line or at the end of the link.
    const hasCode = normaliseCode(tableId) === tableId;
    const code = hasCode
      ? el(
          "p",
          { class: "code" },
          `${t("table.code")}: `,
          el("strong", { "data-code": tableId }, tableId),
        )
      : "";
    this.element.append(
      el("h2", {}, t("table.invite")),
      el("p", { class: "muted" }, t("table.share")),
      el(
        "div",
        { class: "share-body" },
        el(
          "div",
          { class: "share-text" },
          code,
          el(
            "p",
            { class: "link-row" },
            // The link breaks only after the address of the site, before "/t/".
            el("a", { href: link, "data-link": tableId }, ...linkText(`/t/${tableId}`)),
          ),
          el(
            "button",
            {
              class: "btn small",
              "data-action": "copy-table-link",
              onclick: () => {
                void navigator.clipboard?.writeText(link).then(() => this.say(t("table.copied")));
              },
            },
            icon("copy", 16),
            el("span", {}, t("table.copyLink")),
          ),
        ),
        img,
      ),
    );
  }
}
