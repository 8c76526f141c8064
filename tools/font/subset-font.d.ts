/** The part of subset-font's API that build-font.ts uses (the package ships no types). */
declare module "subset-font" {
  interface SubsetOptions {
    targetFormat?: "sfnt" | "woff" | "woff2";
    keepAllGlyphs?: boolean;
    keepFeatures?: readonly string[];
    noHinting?: boolean;
  }
  export default function subsetFont(
    font: Buffer,
    text: string | null,
    options?: SubsetOptions,
  ): Promise<Buffer>;
}
