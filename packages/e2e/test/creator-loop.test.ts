import { beforeAll, describe, expect, it } from "vitest";
import { graveViolations } from "../src/axe";
import { useBrowser } from "../src/browser";
import { editProduct } from "../src/products";
import { buyOnSalesPage, claimFree, purchaseCard, shownPrice } from "../src/sales-page";
import { DESKTOP, PHONE } from "../src/screens";
import { connectStripe, createProducts, sellerWithProducts } from "../src/seller";
import { checklistSteps, openDashboard } from "../src/setup-checklist";
import { signIn } from "../src/sign-in";

/**
 * The everyday creator loop, as good as Gumroad's, walked by one new creator from an empty
 * dashboard: the setup checklist says what is missing; Payment Setup and three products; an
 * edit shows on the product's own page; a visitor claims the free product; a code link shows
 * the discounted price before Buy and Buy charges it; a buyer from the newsletter pays in euros,
 * and the euros show in the creator's chart, in Traffic (credited to the newsletter) and in the
 * admin's All Sales; after the first sale the checklist is gone. Each step calls the helpers the
 * feature's own journey uses (src/products, src/sales-page, src/seller, src/setup-checklist).
 */
const b = useBrowser();
const SELLER = { email: "cora.loop@e2e.local", name: "Cora Loop", plan: "pro" as const, payments: false };
let seller: Awaited<ReturnType<typeof sellerWithProducts>>;
let guideId = "";
let freeId = "";
let euroId = "";

beforeAll(async () => {
  seller = await sellerWithProducts(b, SELLER, []);
});

describe("a new creator's everyday loop", () => {
  it("the dashboard's checklist says what is left; Payment Setup and products tick it off", async () => {
    const { page } = seller;
    for (const viewport of [DESKTOP, PHONE]) {
      await page.setViewportSize(viewport);
      await openDashboard(page);
      await page
        .getByTestId("setup-checklist")
        .getByText(/until Payment Setup is done/)
        .waitFor();
      expect(await checklistSteps(page)).toEqual([
        "setup-step-profile:true",
        "setup-step-payments:false",
        "setup-step-product:false",
        "setup-step-sale:false",
      ]);
      await b.shot(page, `loop-checklist-new-${viewport.width}`);
      expect(await graveViolations(page)).toEqual([]);
    }
    await page.setViewportSize(DESKTOP);
    // Its link opens Payment Setup.
    await page.getByTestId("setup-checklist").getByRole("link", { name: "Open Payment Setup" }).click();
    await page.getByRole("tab", { name: "Payment Setup", selected: true }).waitFor();
    await connectStripe(page, SELLER.email);
    [guideId, freeId, euroId] = (await createProducts(page, [
      { name: "Loop Guide", headline: "A guide to the loop", price: "12", media_type: "none", media_url: "" },
      { name: "Loop Checklist", headline: "A free checklist", price: "0", media_type: "none", media_url: "" },
      {
        name: "Loop Euro Pack",
        headline: "A pack priced in euros",
        price: "7.40",
        currency: "eur",
        media_type: "none",
        media_url: "",
      },
    ])) as [string, string, string];
    await openDashboard(page);
    expect(await checklistSteps(page)).toEqual([
      "setup-step-profile:true",
      "setup-step-payments:true",
      "setup-step-product:true",
      "setup-step-sale:false",
    ]);
  });

  it("an edit shows on the product's own page, at the same address", async () => {
    await editProduct(seller.page, "Loop Guide", { headline: "The whole loop, step by step", price: "15" });
    const { page, context } = await b.newPage({ viewport: PHONE });
    await page.goto(`/product/${guideId}`);
    await page.getByRole("heading", { name: "The whole loop, step by step" }).waitFor();
    await page.getByRole("button", { name: "Buy Now - $15.00" }).first().waitFor();
    await context.close();
  });

  it("a visitor claims the free product", async () => {
    const { page, context } = await b.newPage();
    await claimFree(page, freeId, "fay.free@e2e.local");
    await page.getByRole("link", { name: "Access Your Content" }).waitFor();
    await context.close();
  });

  it("a code link shows the discounted price before Buy, and Buy charges it", async () => {
    const code = await seller.page.request.post("/api/discounts", { data: { code: "LOOP20", percent_off: 20 } });
    expect(code.status(), await code.text()).toBe(201);
    const { page, context } = await b.newPage();
    await page.goto(`/product/${guideId}?code=loop20`);
    await purchaseCard(page).getByText("LOOP20 applied: 20% off.").waitFor();
    expect(await shownPrice(page)).toBe("Was $15.00 now $12.00");
    await buyOnSalesPage(
      page,
      `/product/${guideId}?code=loop20`,
      "The whole loop, step by step",
      "$12.00",
      "cody.code@e2e.local",
    );
    await context.close();
  });

  it("a buyer from the newsletter pays in euros; the chart, Traffic and the admin show euros", async () => {
    const buyer = await b.newPage();
    await buyOnSalesPage(
      buyer.page,
      `/product/${euroId}?utm_source=newsletter`,
      "A pack priced in euros",
      "€7.40",
      "ena.euro@e2e.local",
    );
    await buyer.context.close();

    const { page } = seller;
    await page.emulateMedia({ reducedMotion: "reduce" }); // charts drawn at once, no animation to wait for
    await page.goto("/dashboard?section=analytics");
    const newsletter = page.getByRole("table", { name: "Sources" }).getByRole("row", { name: /^newsletter/ });
    await newsletter.waitFor();
    expect(await newsletter.getByRole("cell").allTextContents()).toEqual(["newsletter", "1", "1", "€7.40", "100.0%"]);
    await page.getByRole("radiogroup", { name: "Revenue currency" }).getByRole("radio", { name: "EUR" }).click();
    const chart = page.getByTestId("sales-chart-line");
    await chart.getByText("Revenue (EUR)").waitFor();
    await expect
      .poll(
        async () => (await chart.locator(".recharts-yAxis-tick-labels").last().locator("text").allTextContents())[0],
      )
      .toBe("€0");
    for (const viewport of [DESKTOP, PHONE]) {
      await page.setViewportSize(viewport);
      await b.shot(page, `loop-analytics-${viewport.width}`);
    }
    await page.setViewportSize(DESKTOP);

    for (const viewport of [DESKTOP, PHONE]) {
      const admin = await b.newPage({ viewport });
      await signIn(admin.page, "admin@demo.local");
      await admin.page.goto("/admin?section=sales");
      const sales = admin.page.getByRole(viewport === PHONE ? "list" : "table", { name: "All sales" });
      const sale = sales.locator(viewport === PHONE ? "li" : "tr").filter({ hasText: "Loop Euro Pack" });
      await sale.getByText("€7.40", { exact: true }).waitFor();
      await b.shot(admin.page, `loop-admin-sales-${viewport.width}`);
      await admin.context.close();
    }
  });

  it("after the first sales the checklist is gone", async () => {
    await openDashboard(seller.page);
    await seller.page.getByTestId("stat-revenue").getByText("€7.40", { exact: true }).waitFor();
    expect(await seller.page.getByTestId("setup-checklist").count()).toBe(0);
    await seller.context.close();
  });
});
