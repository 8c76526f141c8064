import { FEEDBACK_MAX } from "../../../shared/protocol/site";
import { errorText, t } from "../i18n";
import type { Refusal } from "./api";

/** A refusal of the site's routes in the reader's words. */
export function refusalText(r: Refusal): string {
  if (r.status === 0) return t("feedback.offline");
  if (r.status === 429) return t("feedback.tooMany");
  if (r.code === "feedback/invalid")
    return errorText({
      code: r.code,
      message: r.message,
      params: { max: FEEDBACK_MAX, ...r.params },
    });
  return r.code
    ? errorText({ code: r.code, message: r.message, ...(r.params ? { params: r.params } : {}) })
    : r.message;
}
