import jsQR from "jsqr";
import { describe, expect, it } from "vitest";
import { qrModules } from "../../client/src/screens/table/qr";

/** Draws the modules as a phone camera would see them (4 px a module, a 4-module quiet zone). */
function scan(text: string): string | null {
  const { size, dark } = qrModules(text);
  const scale = 4;
  const quiet = 4;
  const px = (size + 2 * quiet) * scale;
  const data = new Uint8ClampedArray(px * px * 4).fill(255);
  for (let y = 0; y < px; y++)
    for (let x = 0; x < px; x++) {
      const mx = Math.floor(x / scale) - quiet;
      const my = Math.floor(y / scale) - quiet;
      if (mx >= 0 && my >= 0 && mx < size && my < size && dark(mx, my)) {
        const i = (y * px + x) * 4;
        data[i] = data[i + 1] = data[i + 2] = 0;
      }
    }
  return jsQR(data, px, px)?.data ?? null;
}

describe("the invite's QR code", () => {
  it("reads back as the table's link", () => {
    for (const link of [
      "http://127.0.0.1:2567/t/K7M2QX",
      "https://crossboard.example.org/t/ABCDEF",
      "https://play.example.com:8443/t/Z9Z9Z9",
    ])
      expect(scan(link)).toBe(link);
  });
});
