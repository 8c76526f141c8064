/**
 * Debian's Chromium, headless, through playwright-core (no browser download): for the browser
 * tests, the client benchmark and the art preview. `CHROMIUM_PATH` points elsewhere.
 */
import { type Browser, chromium } from "playwright-core";

export const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export function launchChromium(extraArgs: readonly string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      "--headless=new",
      "--no-sandbox",
      "--disable-gpu",
      // Without these Chromium keeps calling home, which a closed network refuses.
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
      ...extraArgs,
    ],
  });
}
