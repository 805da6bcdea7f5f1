import { AxeBuilder } from "@axe-core/playwright";
import type { Page } from "playwright-core";

/** axe-core's serious and critical violations on the page as it is now (WCAG 2.1 A/AA and best practice), one line each. */
export async function graveViolations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"])
    .analyze();
  return result.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id} (${v.impact}): ${v.help}\n    ${v.nodes.map((n) => n.target.join(" ")).join("\n    ")}`);
}
