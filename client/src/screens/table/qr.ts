/**
 * The invite link as a QR code. Medium error correction, so a code photographed from a screen
 * at an angle or partly in glare still reads; a one-module quiet zone, as the panel's white
 * background continues it.
 */
import { correction, generate } from "lean-qr";

/** The modules of the code for `text` (true: dark). */
export function qrModules(text: string): { size: number; dark(x: number, y: number): boolean } {
  const code = generate(text, { minCorrectionLevel: correction.M });
  return { size: code.size, dark: (x, y) => code.get(x, y) };
}

/** A PNG data URL of the code, 8 pixels a module, for an `<img>`. */
export function qrDataUrl(text: string): string {
  return generate(text, { minCorrectionLevel: correction.M }).toDataURL({ pad: 1, scale: 8 });
}
