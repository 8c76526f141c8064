/** Bots draw their noise and tie-breaks from the shared seeded sources. */
export { pick, type Random, seeded } from "../core/random";
