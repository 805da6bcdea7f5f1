import { describe, expect, it } from "vitest";
import { graveViolations } from "../src/axe";
import { useBrowser, PHONE } from "../src/browser";
import { sellerWithProducts } from "../src/seller";
import { signIn } from "../src/sign-in";

/**
 * Growth tools from the creator's side: a Pro creator sets up a
 * storefront in their colours and buyers see it (also as a share preview); visits tagged with
 * utm_* show in the creator's Traffic; the creator manages a discount code. A free creator
 * sees the upgrade card instead of Traffic.
 */
const b = useBrowser();
const SELLER = { email: "gina@e2e.local", name: "Gina Grows" };
const HANDLE = "gina-grows";

describe("growth tools for a creator", () => {
  let productId = "";

  it("a Pro creator sets up a storefront with a logo and accent colour, and buyers see it", async () => {
    const seller = await sellerWithProducts(b, SELLER, [
      { name: "Growth Playbook", headline: "Grow your audience", price: "15", media_type: "none", media_url: "" },
      {
        name: "Tip Jar",
        headline: "Pay what you like",
        price: "5",
        currency: "eur",
        pay_what_you_want: true,
        media_type: "none",
        media_url: "",
      },
    ]);
    productId = seller.ids[0]!;
    const { page } = seller;
    await page.goto("/dashboard?section=store");
    await page.getByRole("heading", { name: "Store details" }).waitFor();
    await page.locator('[name="handle"]').fill("Gina-Grows");
    await page.locator('[name="bio"]').fill("Playbooks for growing a creator business.");
    await page.locator('[name="avatar_url"]').fill(`${b.baseUrl()}/favicon.svg`);
    await page.locator('[name="accent_color"]').fill("#0f766e");
    await page.getByRole("button", { name: "Create store" }).click();
    await page.getByText("Your store is saved.").waitFor();
    expect(await page.locator('[name="handle"]').inputValue()).toBe(HANDLE);
    await b.shot(page, "growth-store-settings");
    await seller.context.close();

    for (const [tag, viewport] of [
      ["desktop", undefined],
      ["phone", PHONE],
    ] as const) {
      const visitor = await b.newPage(viewport ? { viewport } : {});
      await visitor.page.goto(`/s/${HANDLE}`);
      await visitor.page.getByRole("heading", { name: "Gina Grows", level: 1 }).waitFor();
      await visitor.page.getByText("Playbooks for growing a creator business.").waitFor();
      await visitor.page.getByRole("link", { name: /Growth Playbook/ }).waitFor();
      // A pay-what-you-want price is its minimum with a "+", in the product's own currency.
      expect(await visitor.page.getByRole("link", { name: /Tip Jar/ }).textContent()).toContain("€5.00+");
      expect(await visitor.page.getByRole("link", { name: /Growth Playbook/ }).textContent()).toMatch(/\$15\.00$/);
      expect(await visitor.page.getByRole("img", { name: "Gina Grows logo" }).count()).toBe(1);
      // The accent colour is the page's brand colour.
      const brand = await visitor.page.evaluate(() =>
        getComputedStyle(document.querySelector("header")!).getPropertyValue("--color-brand-600").trim(),
      );
      expect(brand).toBe("#0f766e");
      expect(await visitor.page.evaluate(() => document.documentElement.scrollWidth - innerWidth)).toBeLessThanOrEqual(
        0,
      );
      await b.shot(visitor.page, `growth-store-page-${tag}`);
      if (tag === "desktop") {
        // From the store to the sales page, which carries the seller's logo and a link back.
        await visitor.page.getByRole("link", { name: /Growth Playbook/ }).click();
        await visitor.page.getByRole("heading", { name: "Grow your audience" }).waitFor();
        expect(await visitor.page.getByRole("img", { name: "Gina Grows logo" }).count()).toBe(1);
        await visitor.page.getByRole("link", { name: "Gina Grows" }).waitFor();
        await visitor.page.getByText("Powered by Payloft").waitFor();
      }
      await visitor.context.close();
    }
  });

  it("the store page's HTML carries its share preview", async () => {
    const html = await (await fetch(`${b.baseUrl()}/s/${HANDLE}`)).text();
    expect(html).toContain('<meta property="og:title" content="Gina Grows" />');
    expect(html).toContain('<meta property="og:description" content="Playbooks for growing a creator business." />');
    expect(html).toContain('<meta name="twitter:card" content="summary" />');
    const product = await (await fetch(`${b.baseUrl()}/p/${productId}`)).text();
    expect(product).toContain('<meta property="og:title" content="Grow your audience" />');
  });

  it("visits tagged with utm_* show in the creator's Traffic", async () => {
    for (const query of [
      "?utm_source=newsletter&utm_campaign=launch",
      "?utm_source=newsletter&utm_campaign=launch",
      "",
    ]) {
      const visitor = await b.newPage();
      const beacon = visitor.page.waitForResponse((r) => r.url().endsWith(`/api/public/products/${productId}/view`));
      await visitor.page.goto(`/product/${productId}${query}`);
      expect((await beacon).status()).toBe(204);
      await visitor.context.close();
    }
    const { page, context } = await b.newPage();
    await signIn(page, SELLER.email, SELLER.name);
    await page.goto("/dashboard?section=analytics");
    const sources = page.getByRole("table", { name: "Sources" });
    await sources.getByRole("cell", { name: "newsletter" }).waitFor();
    await expect(sources.getByRole("row", { name: /newsletter\s+2/ }).count()).resolves.toBe(1);
    await page.getByRole("table", { name: "Campaigns" }).getByRole("cell", { name: "launch" }).waitFor();
    await page.getByRole("radio", { name: "7 days" }).click();
    await sources.getByRole("cell", { name: "direct" }).waitFor();
    await b.shot(page, "growth-traffic");
    await page.setViewportSize(PHONE);
    await b.shot(page, "growth-traffic-phone");
    await context.close();
  });

  it("a free creator sees an upgrade card instead of Traffic", async () => {
    const { page, context } = await b.newPage({ viewport: PHONE });
    await signIn(page, "creator@demo.local");
    await page.goto("/dashboard?section=analytics");
    const card = page.getByTestId("upgrade-card");
    await card.getByText("Traffic analytics is part of the Pro plan").waitFor();
    expect(await card.getByRole("link", { name: "Upgrade to Pro" }).getAttribute("href")).toBe(
      "/onboarding?upgrade=pro",
    );
    await b.shot(page, "growth-traffic-upgrade-phone");
    await context.close();
  });

  it("the creator creates, pauses and deletes a discount code", async () => {
    const { page, context } = await b.newPage();
    await signIn(page, SELLER.email, SELLER.name);
    await page.goto("/dashboard?section=discounts");
    await page.getByText("No discount codes yet").waitFor();
    await page.getByRole("button", { name: "New code" }).click();
    const dialog = page.getByRole("dialog", { name: "New discount code" });
    await dialog.locator('[name="code"]').fill("launch25");
    await dialog.locator('[name="value"]').fill("25");
    await dialog.getByRole("checkbox", { name: "Growth Playbook" }).check();
    await dialog.locator('[name="max_redemptions"]').fill("100");
    await dialog.getByRole("button", { name: "Create code" }).click();
    await dialog.waitFor({ state: "detached" });
    const card = page.getByTestId("discount").filter({ hasText: "LAUNCH25" });
    await card.getByText("25% off").waitFor();
    await card.getByText("0 / 100 used").waitFor();
    await card.getByText("Growth Playbook").waitFor();
    await b.shot(page, "growth-discounts");

    // An amount off is in the ticked products' currency: €2.00 off the EUR Tip Jar.
    await page.getByRole("button", { name: "New code" }).click();
    const amountDialog = page.getByRole("dialog", { name: "New discount code" });
    await amountDialog.locator('[name="code"]').fill("TIPS2");
    await amountDialog.getByRole("radio", { name: "Amount off" }).click();
    await amountDialog.getByRole("checkbox", { name: "Tip Jar" }).check();
    expect(await amountDialog.locator('[name="currency"]').inputValue()).toBe("eur");
    await amountDialog.getByText("Amount off (EUR)").waitFor();
    await amountDialog.locator('[name="value"]').fill("2");
    await b.shot(page, "growth-discount-amount-dialog");
    expect(await graveViolations(page)).toEqual([]);
    await amountDialog.getByRole("button", { name: "Create code" }).click();
    await amountDialog.waitFor({ state: "detached" });
    await page.getByTestId("discount").filter({ hasText: "TIPS2" }).getByText("€2.00 off").waitFor();
    await page.getByRole("button", { name: "Delete TIPS2" }).click();
    await page.getByRole("dialog", { name: "Delete TIPS2?" }).getByRole("button", { name: "Delete" }).click();
    await page.getByTestId("discount").filter({ hasText: "TIPS2" }).waitFor({ state: "detached" });

    await page.getByRole("button", { name: "Pause LAUNCH25" }).click();
    await card.getByText("Paused").waitFor();
    await page.getByRole("button", { name: "Delete LAUNCH25" }).click();
    await page.getByRole("dialog", { name: "Delete LAUNCH25?" }).getByRole("button", { name: "Delete" }).click();
    await page.getByText("No discount codes yet").waitFor();
    await context.close();
  });
});
