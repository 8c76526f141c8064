/**
 * Every language's catalogue at once, both parts (the lobby's and the table's), for tests and
 * tools (the Hindi font's subset). The page never imports this module: it fetches each part of
 * a language when it needs it (index.ts).
 */
import { en } from "./en";
import { hi } from "./hi";
import { id } from "./id";
import type { Catalogue, Lang } from "./index";
import { pt } from "./pt";
import { enTable } from "./table-en";
import { hiTable } from "./table-hi";
import { idTable } from "./table-id";
import { ptTable } from "./table-pt";

export const CATALOGUES: Readonly<Record<Lang, Catalogue>> = {
  en: { ...en, ...enTable },
  id: { ...id, ...idTable },
  pt: { ...pt, ...ptTable },
  hi: { ...hi, ...hiTable },
};
