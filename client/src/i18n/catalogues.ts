/**
 * Every language's catalogue at once, every part (the lobby's, the table's, the rules pages' and lessons', the player pages', the site's), for tests and
 * tools (the Hindi font's subset). The page never imports this module: it fetches each part of
 * a language when it needs it (index.ts).
 */
import { en } from "./en";
import { hi } from "./hi";
import { id } from "./id";
import type { Catalogue, Lang } from "./index";
import { enLearn } from "./learn/words-en";
import { hiLearn } from "./learn/words-hi";
import { idLearn } from "./learn/words-id";
import { ptLearn } from "./learn/words-pt";
import { enPlayer } from "./player-en";
import { hiPlayer } from "./player-hi";
import { idPlayer } from "./player-id";
import { ptPlayer } from "./player-pt";
import { pt } from "./pt";
import { enSite } from "./site-en";
import { hiSite } from "./site-hi";
import { idSite } from "./site-id";
import { ptSite } from "./site-pt";
import { enTable } from "./table-en";
import { hiTable } from "./table-hi";
import { idTable } from "./table-id";
import { ptTable } from "./table-pt";

export const CATALOGUES: Readonly<Record<Lang, Catalogue>> = {
  en: { ...en, ...enTable, ...enLearn, ...enPlayer, ...enSite },
  id: { ...id, ...idTable, ...idLearn, ...idPlayer, ...idSite },
  pt: { ...pt, ...ptTable, ...ptLearn, ...ptPlayer, ...ptSite },
  hi: { ...hi, ...hiTable, ...hiLearn, ...hiPlayer, ...hiSite },
};
