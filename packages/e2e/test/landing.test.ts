import { describe, expect, it } from "vitest";
import { useBrowser, PHONE } from "../src/browser";

const b = useBrowser();

describe("landing page", () => {
  it("shows every section and the signed-out top bar", async () => {
    const { page, context } = await b.newPage();
    await page.goto("/");
    for (const id of ["features", "pricing", "reviews"]) {
      await expect(page.locator(`#${id}`).count()).resolves.toBe(1);
    }
    await expect(page.getByRole("button", { name: "Sign In" }).first().isVisible()).resolves.toBe(true);
    await expect(page.getByRole("button", { name: "Get Started" }).first().isVisible()).resolves.toBe(true);
    await b.shot(page, "landing-desktop");
    await context.close();
  });

  it("fits a phone screen without horizontal scrolling", async () => {
    const { page, context } = await b.newPage({ viewport: PHONE });
    await page.goto("/");
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await b.shot(page, "landing-phone");
    await context.close();
  });
});
