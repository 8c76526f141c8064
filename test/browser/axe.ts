/**
 * axe-core in a test's page: the serious and critical violations of accessibility rules, each
 * with the elements it was found on, so that a test can assert there are none.
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { Page } from "playwright-core";

const AXE = readFileSync(
  fileURLToPath(new URL("../../node_modules/axe-core/axe.min.js", import.meta.url)),
  "utf8",
);

export interface AxeViolation {
  readonly id: string;
  readonly impact: string;
  readonly targets: string[];
}

/** The serious and critical violations in the page, or within `selector` when given. */
export async function axeViolations(page: Page, selector?: string): Promise<AxeViolation[]> {
  const loaded = await page.evaluate(() => "axe" in window);
  if (!loaded) await page.addScriptTag({ content: AXE });
  return page.evaluate(async (within) => {
    const axe = (
      window as unknown as {
        axe: {
          run(
            context: unknown,
            options: unknown,
          ): Promise<{
            violations: { id: string; impact: string | null; nodes: { target: unknown[] }[] }[];
          }>;
        };
      }
    ).axe;
    const result = await axe.run(within ? { include: [within] } : document, {
      resultTypes: ["violations"],
    });
    return result.violations
      .filter((v) => v.impact === "serious" || v.impact === "critical")
      .map((v) => ({
        id: v.id,
        impact: v.impact ?? "",
        targets: v.nodes.map((n) => n.target.map(String).join(" ")),
      }));
  }, selector ?? null);
}
