/**
 * Every language's catalogue at once, for tests and tools (the Hindi font's subset). The page
 * never imports this module: it fetches a language other than English only when that language
 * is chosen (index.ts).
 */
import { en } from "./en";
import { hi } from "./hi";
import { id } from "./id";
import type { Catalogue, Lang } from "./index";
import { pt } from "./pt";

export const CATALOGUES: Readonly<Record<Lang, Catalogue>> = { en, id, pt, hi };
