/**
 * How the site pages' words of each language are fetched (i18n/index.ts `siteTexts`): apart
 * from index.ts, so that the lobby's first download does not carry these four fetches.
 */
import type { SiteKey } from "./site-en";

type Words = Readonly<Partial<Record<SiteKey, string>>>;

export const SITE_PARTS: Readonly<Record<"en" | "id" | "pt" | "hi", () => Promise<Words>>> = {
  en: () => import("./site-en").then((m) => m.enSite),
  id: () => import("./site-id").then((m) => m.idSite),
  pt: () => import("./site-pt").then((m) => m.ptSite),
  hi: () => import("./site-hi").then((m) => m.hiSite),
};
