/**
 * Every test file starts as a page does: with the words of its language (English) fetched, so
 * that client code under test writes sentences, not keys.
 */
import { langReady } from "../../client/src/i18n";

await langReady();
