import { beforeAll, describe, expect, it } from "vitest";
import { graveViolations } from "../src/axe";
import { PHONE, shotsDir, useBrowser } from "../src/browser";
import { payOnSandbox } from "../src/pay";
import { purchaseCard, shownPrice } from "../src/sales-page";
import { sellerWithProducts } from "../src/seller";
import { signIn } from "../src/sign-in";

/**
 * Memberships as a buyer meets them: the sales page shows a recurring product's tiers with their
 * price per billing period in the product's own currency, a monthly / quarterly / yearly switch
 * and the free trial, and Buy subscribes to the tier and period chosen (also before JavaScript).
 */
const b = useBrowser();
let seller: Awaited<ReturnType<typeof sellerWithProducts>>;
let dollarId = "";
let euroId = "";

const tiers = [
  {
    id: "basic",
    name: "Basic",
    description: "Weekly posts and the archive",
    prices: [
      { interval: "month", amount: 9 },
      { interval: "year", amount: 90 },
    ],
  },
  {
    id: "pro",
    name: "Pro",
    description: "Everything in Basic, plus a monthly live call",
    prices: [
      { interval: "month", amount: 19 },
      { interval: "quarter", amount: 54.5 },
      { interval: "year", amount: 190 },
    ],
  },
];

beforeAll(async () => {
  seller = await sellerWithProducts(b, { email: "mona.members@e2e.local", name: "Mona Members" }, [
    { name: "Studio Club", headline: "Join the studio club", billing: "recurring", trial_days: 7, tiers },
    { name: "Euro Club", headline: "Join the euro club", currency: "eur", billing: "recurring", tiers },
  ]);
  [dollarId, euroId] = seller.ids as [string, string];
});

describe("a membership's sales page", () => {
  it("shows each tier's price per period, switches to yearly, and Buy subscribes to the tier and period chosen", async () => {
    const { page, context } = await b.newPage();
    await page.goto(`/product/${dollarId}`);
    const card = purchaseCard(page);
    await card.getByText("7-day free trial, then billed monthly").waitFor();
    expect(await shownPrice(page)).toBe("$9 / month");
    await card.getByText("$19 / month").waitFor();
    expect(await graveViolations(page), "axe").toEqual([]);

    await card.getByText("Yearly", { exact: true }).click();
    await card.getByText("$190 / year").waitFor();
    expect(await shownPrice(page)).toBe("$90 / year");
    await card.getByRole("radio", { name: /^Pro/ }).check();
    expect(await shownPrice(page)).toBe("$190 / year");
    await b.shot(page, "membership-sales-page-usd");

    const asked = page.waitForRequest((r) => r.url().endsWith("/api/checkout/create-session"));
    await card.getByRole("button", { name: "Start 7-day free trial" }).click();
    expect((await asked).postDataJSON()).toMatchObject({ productId: dollarId, tier: "pro", interval: "year" });
    await context.close();
  });

  it("in euros on a phone: €9 / month, and a period a tier is not sold by cannot be chosen for it", async () => {
    const { page, context } = await b.newPage({ viewport: PHONE });
    await page.goto(`/product/${euroId}`);
    const card = purchaseCard(page);
    await card.getByText("Billed monthly · cancel anytime").waitFor();
    expect(await shownPrice(page)).toBe("€9 / month");
    await card.getByText("Quarterly", { exact: true }).click();
    // Basic has no quarterly price: Pro is chosen instead, Basic says so and is disabled.
    expect(await shownPrice(page)).toBe("€54.50 / quarter");
    await card.getByText("Not sold quarterly").waitFor();
    await expect(card.getByRole("radio", { name: /^Basic/ }).isDisabled()).resolves.toBe(true);
    await card.getByText("Yearly", { exact: true }).click();
    await card.getByText("€90 / year").waitFor();
    await page.getByRole("button", { name: "Subscribe - €190 / year" }).first().waitFor();
    expect(await graveViolations(page), "axe").toEqual([]);
    await b.shot(page, "membership-sales-page-eur-phone");
    await context.close();
  });

  it("before JavaScript, the prices follow the period picked and the Buy form subscribes to the tier and period", async () => {
    const { page, context } = await b.newPage({ javaScriptEnabled: false });
    await page.goto(`/product/${dollarId}`);
    const card = purchaseCard(page);
    await card.getByText("$9 / month").first().waitFor();
    await card.getByText("Yearly", { exact: true }).click();
    await card.getByText("$190 / year").waitFor();
    expect(await card.getByText("$19 / month").isVisible()).toBe(false);
    await card.getByText("Pro", { exact: true }).click();
    const posted = page.waitForRequest((r) => r.url().endsWith("/api/checkout/buy"));
    await card.getByRole("button", { name: "Start 7-day free trial" }).click();
    const form = new URLSearchParams((await posted).postData() ?? "");
    expect(Object.fromEntries(form)).toMatchObject({ product_id: dollarId, tier: "pro", interval: "year" });
    // The payment page subscribes to that choice: Pro, yearly, after the 7-day trial.
    await page.waitForURL(/\/pay\/cs_test_/);
    await page.getByText("Then $190.00 per year after the trial").waitFor();
    await context.close();
  });
});

describe("a member's journey", () => {
  const buyer = "yara.yearly@e2e.local";

  it("the buyer picks Pro yearly in euros and pays on the sandbox", async () => {
    const { page, context } = await b.newPage({ viewport: PHONE });
    await page.goto(`/product/${euroId}`);
    const card = purchaseCard(page);
    await card.getByText("Yearly", { exact: true }).click();
    await card.getByRole("radio", { name: /^Pro/ }).check();
    await card.getByRole("button", { name: "Subscribe - €190 / year" }).click();
    await payOnSandbox(page, buyer, "€190.00");
    // A paid start says when the next charge comes, in euros.
    await page.getByText("Your membership of Euro Club (Pro) has started.").waitFor();
    await page.getByText(/^Next charge €190\.00 on \w{3} \d{1,2}, \d{4} \(€190 \/ year\)\.$/).waitFor();
    await b.shot(page, "membership-success-eur-phone");
    await context.close();
  }, 120_000);

  for (const [width, viewport] of [
    ["desktop", undefined],
    ["phone", PHONE],
  ] as const) {
    it(`the buyer sees it in the portal, cancels and resumes it (${width})`, async () => {
      const { page, context } = await b.newPage({ viewport });
      await signIn(page, buyer, "Yara Yearly");
      await page.waitForURL(/\/customer-dashboard/, { timeout: 20_000 });
      await page.getByRole("tab", { name: "Memberships" }).click();
      const item = page
        .getByRole("list", { name: "Your memberships" })
        .getByRole("listitem")
        .filter({ hasText: "Euro Club" });
      await item.getByText("Pro · €190 / year").waitFor();
      await item.getByText("Active").waitFor();
      await item.getByText(/^Renews on .+ for €190 \/ year$/).waitFor();
      expect(await graveViolations(page), "axe").toEqual([]);
      await b.shot(page, `membership-portal-${width}`);

      await item.getByRole("button", { name: "Cancel membership" }).click();
      const dialog = page.getByRole("dialog", { name: "Cancel your membership of Euro Club?" });
      expect(await graveViolations(page), "axe").toEqual([]);
      await dialog.getByRole("button", { name: "Cancel membership" }).click();
      await item.getByText(/^Access until .+; it will not renew$/).waitFor();
      await item.getByText("Canceled", { exact: true }).waitFor();
      await b.shot(page, `membership-portal-canceled-${width}`);

      await item.getByRole("button", { name: "Resume membership" }).click();
      await item.getByText(/^Renews on .+ for €190 \/ year$/).waitFor();
      await item.getByRole("button", { name: "Cancel membership" }).waitFor();
      await context.close();
    }, 120_000);
  }

  it("the creator sees the member in Members, filtered by status and tier", async () => {
    const { page } = seller;
    await page.goto("/dashboard?section=members");
    await page.getByRole("heading", { name: "Members" }).waitFor();
    const row = page.getByRole("row").filter({ hasText: buyer });
    await row.getByText("Euro Club · Pro").waitFor();
    await row.getByText("€190 / year", { exact: true }).waitFor();
    // Figures kept at write time: one paying member, and €190 a year is €15.83 a month.
    await expect.poll(() => page.getByTestId("stat-members").innerText(), { timeout: 15_000 }).toBe("1");
    await expect.poll(() => page.getByTestId("stat-mrr").innerText(), { timeout: 15_000 }).toMatch(/^€15\.8\d$/);
    expect(await graveViolations(page), "axe").toEqual([]);
    await b.shot(page, "membership-members-section");

    await page.getByRole("combobox", { name: "Tier" }).selectOption("basic");
    await page.getByText("No members match").waitFor();
    await page.getByRole("combobox", { name: "Tier" }).selectOption("pro");
    await page.getByRole("combobox", { name: "Status" }).selectOption("active");
    await row.waitFor();
    await page.getByRole("combobox", { name: "Status" }).selectOption("ended");
    await page.getByText("No members match").waitFor();

    // The creator cancels: the member keeps access to the period's end.
    await page.getByRole("combobox", { name: "Status" }).selectOption("");
    await row.getByRole("button", { name: `Cancel ${buyer}'s membership` }).click();
    await page
      .getByRole("dialog", { name: `Cancel ${buyer}'s membership?` })
      .getByRole("button", { name: "Cancel membership" })
      .click();
    await row.getByText(/^Access until .+; it will not renew$/).waitFor();
    await row.getByText("Canceled", { exact: true }).waitFor();
  });

  it("the creator deletes the membership after the dialog says its members are canceled at the period's end; the member keeps access until then", async () => {
    const { page } = seller;
    await page.goto("/dashboard");
    const card = page.getByTestId("product-card").filter({ hasText: "Euro Club" });
    await card.getByRole("button", { name: "Delete Euro Club" }).click();
    const dialog = page.getByRole("dialog", { name: "Delete product?" });
    await dialog
      .getByText(
        "It is a membership: deleting it cancels every member's membership at the end of the period they paid for. They keep access until then and are not charged again.",
        { exact: false },
      )
      .waitFor();
    expect(await graveViolations(page), "axe").toEqual([]);
    await b.shot(page, "membership-delete-dialog");
    await dialog.getByRole("button", { name: "Delete and cancel members" }).click();
    await card.waitFor({ state: "detached", timeout: 20_000 });

    const member = await b.newPage({ viewport: PHONE });
    await signIn(member.page, buyer, "Yara Yearly");
    await member.page.waitForURL(/\/customer-dashboard/, { timeout: 20_000 });
    await member.page.getByRole("tab", { name: "Memberships" }).click();
    const item = member.page.getByRole("listitem").filter({ hasText: "Euro Club" });
    await item.getByText(/^Access until .+; it will not renew$/).waitFor();
    await member.context.close();
  }, 120_000);
});

describe("a creator makes a membership in the product dialog", () => {
  it("with two tiers, a price per period and a trial, and the sales page sells exactly that", async () => {
    const { page } = seller;
    await page.goto("/dashboard");
    await page.getByRole("button", { name: "Add Product" }).click();
    const dialog = page.getByRole("dialog", { name: "Create New Product" });
    await dialog.getByLabel("Product name").fill("Writers' Room");
    await dialog.getByLabel("Headline", { exact: true }).fill("Write with us every week");
    await dialog.getByLabel("Billing").selectOption("recurring");
    await expect(dialog.getByLabel(/^Price/).count()).resolves.toBe(0);
    await dialog.getByLabel("Free trial (days)").fill("14");
    await dialog.getByLabel("Tier 1 name").fill("Reader");
    await dialog.getByLabel("Monthly (USD)").fill("5");
    await dialog.getByLabel("Yearly (USD)").fill("50");
    await dialog.getByRole("button", { name: "Add a tier" }).click();
    await dialog.getByLabel("Tier 2 name").fill("Writer");
    await dialog.getByLabel("What it includes").nth(1).fill("Feedback on a chapter a month");
    await dialog.getByLabel("Monthly (USD)").nth(1).fill("12.50");
    await dialog.getByLabel("Content URL").fill("https://files.example.com/room.pdf");
    expect(await graveViolations(page), "axe").toEqual([]);
    await dialog.getByLabel("Tier 1 name").scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${shotsDir}/membership-dialog.png` });
    await dialog.getByRole("button", { name: "Create Product" }).click();
    await page.getByText("Product created").first().waitFor();
    const list = (await (await page.request.get("/api/products")).json()) as { id: string; name: string }[];
    const id = list.find((p) => p.name === "Writers' Room")!.id;

    const { page: visitor, context } = await b.newPage();
    await visitor.goto(`/product/${id}`);
    const card = purchaseCard(visitor);
    await card.getByText("14-day free trial, then billed monthly").waitFor();
    expect(await shownPrice(visitor)).toBe("$5 / month");
    await card.getByText("$12.50 / month").waitFor();
    await card.getByText("Yearly", { exact: true }).click();
    await card.getByText("Not sold yearly").waitFor();
    expect(await shownPrice(visitor)).toBe("$50 / year");
    await context.close();

    // Editing keeps the tiers (and their ids) as they were.
    await page.goto("/dashboard");
    await page.getByTestId("product-card").filter({ hasText: "Writers' Room" }).getByText("from $5 / month").waitFor();
    await page
      .getByTestId("product-card")
      .filter({ hasText: "Writers' Room" })
      .getByRole("button", { name: "Edit Writers' Room" })
      .click();
    const edit = page.getByRole("dialog", { name: "Edit Product" });
    await expect(edit.getByLabel("Tier 2 name").inputValue()).resolves.toBe("Writer");
    await expect(edit.getByLabel("Monthly (USD)").nth(1).inputValue()).resolves.toBe("12.50");
    await expect(edit.getByLabel("Free trial (days)").inputValue()).resolves.toBe("14");
    await edit.getByRole("button", { name: "Cancel" }).click();
  }, 120_000);
});
