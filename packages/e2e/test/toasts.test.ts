import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { useBrowser } from "../src/browser";
import { DESKTOP, PHONE } from "../src/screens";
import { signIn } from "../src/sign-in";

/**
 * A toast never covers the buttons the person just used: saving Payment Setup, with its
 * Save, Reset and Delete buttons scrolled to the bottom of the screen, at 1280 and 390 px.
 */
const b = useBrowser();

/** The buttons of the Payment Setup form that the visible toast overlaps. */
const covered = (page: Page) =>
  page.evaluate(() => {
    const toast = document.querySelector('[aria-live="polite"] > [role="status"]')!.getBoundingClientRect();
    return [...document.querySelectorAll("form button")]
      .filter((button) => {
        const r = button.getBoundingClientRect();
        return (
          r.width > 0 &&
          !(r.right <= toast.left || r.left >= toast.right || r.bottom <= toast.top || r.top >= toast.bottom)
        );
      })
      .map((button) => button.textContent?.trim());
  });

describe("toasts", () => {
  for (const [width, viewport] of [
    ["desktop", DESKTOP],
    ["phone", PHONE],
  ] as const) {
    it(`do not cover Payment Setup's buttons at ${width} width`, async () => {
      const email = `tess.toasts.${width}@e2e.local`;
      const admin = await b.newPage();
      await signIn(admin.page, "admin@demo.local");
      const granted = await admin.page.request.post("/api/admin/users/create", {
        data: { email, plan: "starter", is_admin: false, onboarding_completed: true },
      });
      expect(granted.ok(), await granted.text()).toBe(true);
      await admin.context.close();
      const { page, context } = await b.newPage({ viewport });
      await signIn(page, email, "Tess Toasts");
      await page.goto("/dashboard?section=settings&tab=payment");
      await page.locator("#stripe_publishable_key, [name=stripe_publishable_key]").first().fill(`pk_test_tess${width}`);
      await page.locator("#stripe_secret_key, [name=stripe_secret_key]").first().fill(`sk_test_tess${width}`);
      const save = page.getByRole("button", { name: "Save Integration" });
      // The form's buttons at the very bottom of the screen, where a bottom toast would sit.
      await page.evaluate(() => {
        const buttons = [...document.querySelectorAll("form button")];
        const lowest = buttons.sort((a, b) => b.getBoundingClientRect().bottom - a.getBoundingClientRect().bottom)[0]!;
        lowest.scrollIntoView({ block: "end" });
      });
      await save.click();
      await page.getByText("Payment integration saved successfully!").waitFor({ timeout: 20_000 });
      expect(await covered(page)).toEqual([]);
      await b.shot(page, `toast-payment-setup-${viewport.width}`);
      await context.close();
    });
  }
});
