import { beforeAll, describe, expect, it } from "vitest";
import { graveViolations } from "../src/axe";
import { useBrowser, PHONE } from "../src/browser";
import { openEditDialog as openEdit, productCard as cardOf } from "../src/products";
import { sellerWithProducts } from "../src/seller";
import { signIn } from "../src/sign-in";

/**
 * A creator edits products from their cards (rule: Editing products): the dialog opens filled
 * in, the change shows on the sales page at the same address; the currency is fixed once a
 * product has sales; a rejected product is resubmitted by editing it. At the plan's limit the
 * creation dialog says so before anything is typed. Cards show one state badge, and the pay-what-
 * you-want badge stays clear of the card's icons, at desktop and phone widths.
 */
const b = useBrowser();
const SELLER = { email: "eddie.editor@e2e.local", name: "Eddie Editor", plan: "starter" as const };
let planner = "";
let cards = "";
let seller: Awaited<ReturnType<typeof sellerWithProducts>>;

beforeAll(async () => {
  seller = await sellerWithProducts(b, SELLER, [
    { name: "Budget Planner", headline: "Plan a year of spending", price: "12", media_type: "none", media_url: "" },
    { name: "Recipe Cards", headline: "Forty family recipes", price: "0", currency: "eur", media_type: "none" },
  ]);
  [planner, cards] = seller.ids as [string, string];
});

describe("editing a product", () => {
  it("the dialog opens filled in; the change shows on the same sales page", async () => {
    const { page } = seller;
    const dialog = await openEdit(page, "Budget Planner");
    expect(await dialog.locator('[name="name"]').inputValue()).toBe("Budget Planner");
    expect(await dialog.locator('[name="headline"]').inputValue()).toBe("Plan a year of spending");
    expect(await dialog.locator('[name="price"]').inputValue()).toBe("12.00");
    expect(await dialog.locator('[name="currency"]').inputValue()).toBe("usd");
    expect(await dialog.locator('[name="content_url"]').inputValue()).toBe("https://files.example.com/e2e.pdf");
    await b.shot(page, "edit-product-dialog");
    expect(await graveViolations(page)).toEqual([]);

    await dialog.locator('[name="headline"]').fill("Plan every euro and dollar of your year");
    await dialog.locator('[name="price"]').fill("15");
    await dialog.locator('[name="description"]').fill("Twelve monthly sheets\nOne yearly overview");
    await dialog.getByRole("button", { name: "Save Changes" }).click();
    await dialog.waitFor({ state: "detached" });
    await page.getByText("Product updated").first().waitFor();
    await cardOf(page, "Budget Planner").getByText("$15.00").waitFor();

    const buyer = await b.newPage();
    await buyer.page.goto(`/product/${planner}`);
    await buyer.page.getByRole("heading", { name: "Plan every euro and dollar of your year" }).waitFor();
    await buyer.page.getByRole("button", { name: "Buy Now - $15.00" }).first().waitFor();
    await buyer.page.getByText("One yearly overview").waitFor();
    await b.shot(buyer.page, "edit-product-sales-page");
    await buyer.context.close();
  });

  it("the currency is fixed once there are sales; a free product becomes a paid one", async () => {
    const { page } = seller;
    const claimed = await page.request.post("/api/checkout/claim", {
      data: { productId: cards, email: "rita.recipes@e2e.local" },
    });
    expect(claimed.status(), await claimed.text()).toBe(200);
    const dialog = await openEdit(page, "Recipe Cards");
    const currency = dialog.locator('[name="currency"]');
    expect(await currency.inputValue()).toBe("eur");
    expect(await currency.isDisabled()).toBe(true);
    await dialog.getByText("Fixed once the product has sales").waitFor();
    await dialog.locator('[name="price"]').fill("4.5");
    await dialog.getByRole("button", { name: "Save Changes" }).click();
    await dialog.waitFor({ state: "detached" });
    await cardOf(page, "Recipe Cards").getByText("€4.50").waitFor();

    const buyer = await b.newPage({ viewport: PHONE });
    await buyer.page.goto(`/product/${cards}`);
    await buyer.page.getByRole("button", { name: "Buy Now - €4.50" }).first().waitFor();
    await b.shot(buyer.page, "edit-product-now-paid-phone");
    await buyer.context.close();
  });

  it("a rejected product shows one badge, and editing it sends it back for review", async () => {
    const admin = await b.newPage();
    await signIn(admin.page, "admin@demo.local");
    const rejected = await admin.page.request.put(`/api/admin/products/${planner}/moderate`, {
      data: { status: "rejected", notes: "Please add a cover image." },
    });
    expect(rejected.ok(), await rejected.text()).toBe(true);
    await admin.context.close();

    const { page } = seller;
    await page.goto("/dashboard");
    const card = cardOf(page, "Budget Planner");
    const badges = card.getByTestId("product-badges");
    await badges.getByText("Rejected", { exact: true }).waitFor();
    expect(await badges.getByText("Active", { exact: true }).count()).toBe(0);

    const dialog = await openEdit(page, "Budget Planner");
    await dialog.getByText("This product was rejected. Saving your changes sends it back for review.").waitFor();
    await dialog.getByText("Reviewer's note: Please add a cover image.").waitFor();
    await dialog.locator('[name="media_type"]').selectOption("image");
    await dialog.locator('[name="media_url"]').fill("https://images.example.com/planner.png");
    await b.shot(page, "edit-product-resubmit");
    await dialog.getByRole("button", { name: "Save and resubmit" }).click();
    await dialog.waitFor({ state: "detached" });
    await badges.getByText("Pending review", { exact: true }).waitFor();
    expect(await badges.getByText(/^(Active|Rejected)$/).count()).toBe(0);
  });
});

describe("at the plan's product limit", () => {
  it("the creation dialog says so, with an upgrade link, before anything is typed", async () => {
    const { page } = seller;
    // Starter allows three: the third, in yen, pay what you want.
    const third = await page.request.post("/api/products", {
      data: {
        name: "Sketchbook Brushes, the complete and very long-named collection",
        price: "500",
        currency: "jpy",
        pay_what_you_want: true,
        content_url: "https://files.example.com/brushes.zip",
      },
    });
    expect(third.status(), await third.text()).toBe(201);
    for (const viewport of [null, PHONE]) {
      const { page: p, context } = viewport ? await b.newPage({ viewport }) : { page, context: null };
      if (viewport) await signIn(p, SELLER.email, SELLER.name);
      await p.goto("/dashboard");
      await p.getByRole("heading", { name: "Products (3)" }).waitFor();
      await p.getByRole("button", { name: "Add Product" }).click();
      const dialog = p.getByRole("dialog", { name: "Create New Product" });
      await dialog
        .getByText("You've reached your plan limit of 3 product(s). Please upgrade your plan to add more products.")
        .waitFor();
      expect(await dialog.getByRole("link", { name: "Upgrade to Pro" }).getAttribute("href")).toBe(
        "/onboarding?upgrade=pro",
      );
      expect(await dialog.getByRole("button", { name: "Create Product" }).count()).toBe(0);
      expect(await dialog.locator('[name="name"]').count()).toBe(0);
      await b.shot(p, `plan-limit-dialog-${viewport ? "phone" : "desktop"}`);
      expect(await graveViolations(p)).toEqual([]);
      await dialog.getByRole("button", { name: "Not now" }).click();
      await dialog.waitFor({ state: "detached" });

      // The pay-what-you-want badge and the card's icons never overlap, at either width.
      const card = cardOf(p, "Sketchbook Brushes");
      await card.scrollIntoViewIfNeeded();
      const badge = await card.getByText("Pay what you want", { exact: true }).boundingBox();
      const view = await card.getByRole("link", { name: /View the sales page/ }).boundingBox();
      expect(badge && view).toBeTruthy();
      const apart =
        badge!.x + badge!.width <= view!.x ||
        view!.x + view!.width <= badge!.x ||
        badge!.y + badge!.height <= view!.y ||
        view!.y + view!.height <= badge!.y;
      expect(apart, JSON.stringify({ badge, view })).toBe(true);
      await card.getByText("¥500+").waitFor();
      await b.shot(p, `product-cards-${viewport ? "phone" : "desktop"}`);
      await context?.close();
    }
  });
});
