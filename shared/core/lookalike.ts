/**
 * When two names look the same. Unicode's confusable skeleton (UTS #39) maps each character to
 * a prototype that looks like it (Cyrillic "А" to Latin "A", "rn" and "m" alike), from the
 * confusables data the `unhomoglyph` package ships; case is folded around it, so "ANA", "Ana"
 * and "Аna" share one key. The key is for comparing only, never for showing.
 */
import unhomoglyph from "unhomoglyph";

const IGNORABLE = /\p{Default_Ignorable_Code_Point}/gu;

/** UTS #39's skeleton: NFD, each character as its prototype, NFD again. */
function skeleton(text: string): string {
  return unhomoglyph(text.replace(IGNORABLE, "").normalize("NFD")).normalize("NFD");
}

/** The same for two names that a reader could take for one another. */
export function lookalikeKey(name: string): string {
  // Folded before and after: a lower-case letter may be confusable where its capital is not
  // ("l" and "I"), and the other way round.
  return skeleton(skeleton(name.toLowerCase()).toLowerCase());
}
