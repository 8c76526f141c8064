/** The keys of the learning catalogue (words-en.ts), for the code that names them. */
export type { LearnKey } from "./words-en";
