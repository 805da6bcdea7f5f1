import { readFileSync } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { PHONE, useBrowser } from "../src/browser";
import { buyOnSalesPage } from "../src/sales-page";
import { sellerWithProducts } from "../src/seller";
import { signIn } from "../src/sign-in";

/**
 * Affiliates: a Pro creator invites someone from Dashboard → Affiliates; that person
 * signs in, accepts in their Affiliate area and copies their link; buyers follow it and buy in
 * dollars and in euros; Sales History shows the affiliate and the commission of each sale; a
 * refund takes its commission back; the PayPal CSV lists what is due, and "Mark as paid" settles
 * it, which the affiliate then sees as paid.
 */
const b = useBrowser();
const SELLER = { email: "ada.affiliates@e2e.local", name: "Ada Affiliates" };
const PARTNER = "pat.partner@e2e.local";
const PAYPAL = "pat.paypal@e2e.local";
let seller: Awaited<ReturnType<typeof sellerWithProducts>>;
let partner: Page;
let dollarId = "";
let euroId = "";
let link = "";

beforeAll(async () => {
  seller = await sellerWithProducts(b, SELLER, [
    { name: "Growth Playbook", headline: "Grow with a playbook", price: "20", media_type: "none", media_url: "" },
    {
      name: "Euro Design Kit",
      headline: "Design kit in euros",
      price: "9.50",
      currency: "eur",
      media_type: "none",
      media_url: "",
    },
  ]);
  [dollarId, euroId] = seller.ids as [string, string];
});

/** Reloads until `text` shows inside `testId` (the stream fold moves balances a moment after a sale). */
async function waitForFigure(page: Page, testId: string, text: string) {
  await expect
    .poll(
      async () => {
        await page.reload();
        await page.getByTestId(testId).first().waitFor();
        return (await page.getByTestId(testId).allInnerTexts()).join(" | ");
      },
      { timeout: 30_000, interval: 500 },
    )
    .toContain(text);
}

describe("a creator invites; the affiliate accepts and copies the link", () => {
  it("the creator invites from Dashboard → Affiliates", async () => {
    const { page } = seller;
    await page.goto("/dashboard?section=affiliates");
    await page.getByRole("heading", { name: "Affiliates", level: 1 }).waitFor();
    await page.getByText("Nothing is due: every commission is paid.").waitFor();
    await page.getByRole("button", { name: "Invite your first affiliate" }).click();
    const dialog = page.getByRole("dialog", { name: "Invite an affiliate" });
    await dialog.getByRole("textbox", { name: "E-mail" }).fill(PARTNER);
    await dialog.getByRole("spinbutton", { name: "Commission (%)" }).fill("20");
    await b.shot(page, "affiliates-invite-dialog");
    await dialog.getByRole("button", { name: "Send invitation" }).click();
    await page.getByText(`Invitation sent to ${PARTNER}.`).waitFor();
    const card = page.getByTestId("affiliate").filter({ hasText: PARTNER });
    await card.getByText("Invited").waitFor();
    await card.getByText("20% commission").waitFor();
    await card.getByText("All products").waitFor();
  });

  it("the invited person signs in, accepts, sets a PayPal e-mail and copies their link", async () => {
    const { page, context } = await b.newPage();
    partner = page;
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await signIn(page, PARTNER, "Pat Partner");
    await page.goto("/affiliate");
    const invitation = page.getByTestId("invitation");
    await invitation.getByText(`${SELLER.name} invites you to be an affiliate`).waitFor();
    await invitation.getByText("20% of each sale you bring, on all their products").waitFor();
    await b.shot(page, "affiliate-area-invitation");
    await invitation.getByRole("button", { name: "Accept" }).click();
    await page.getByText(`You now promote ${SELLER.name}. Your link is below.`).waitFor();
    await invitation.waitFor({ state: "detached" });

    const program = page.getByTestId("program").filter({ hasText: SELLER.name });
    const shown = await program.getByTestId("program-link").innerText();
    expect(shown).toMatch(/\/r\/[a-z0-9]{8}$/);
    await program.getByRole("button", { name: "Copy link" }).click();
    await program.getByRole("button", { name: "Copy link" }).getByText("Copied").waitFor();
    link = await page.evaluate(() => navigator.clipboard.readText());
    expect(link).toBe(shown);

    await page.getByRole("textbox", { name: "PayPal e-mail" }).fill(PAYPAL);
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await page.getByText("Payout details saved.").waitFor();
    await b.shot(page, "affiliate-area-program");
  });
});

describe("a buyer follows the link and buys; the sale shows the affiliate and the commission", () => {
  it("three buyers follow the link: two pay $20.00, one pays €9.50", async () => {
    const path = new URL(link).pathname;
    const buyers: [string, string, string, string][] = [
      [dollarId, "Grow with a playbook", "$20.00", "bo.first@e2e.local"],
      [dollarId, "Grow with a playbook", "$20.00", "bea.second@e2e.local"],
      [euroId, "Design kit in euros", "€9.50", "eli.euro@e2e.local"],
    ];
    for (const [id, headline, price, email] of buyers) {
      const { page, context } = await b.newPage();
      // The link sends the buyer on to the product and leaves the attribution cookie behind.
      await page.goto(`${path}?product=${id}`);
      await page.waitForURL(new RegExp(`/product/${id}$`));
      expect((await context.cookies()).map((c) => c.name)).toContain("payloft_ref");
      await buyOnSalesPage(page, page.url(), headline, price, email);
      await context.close();
    }
  });

  it("Sales History names the affiliate and the commission of each sale, in its own currency", async () => {
    const { page } = seller;
    await page.goto("/dashboard?section=settings");
    await page.getByRole("tab", { name: "Sales History" }).click();
    const table = page.getByRole("table", { name: "Sales history" });
    const euroRow = table.locator("tbody tr").filter({ hasText: "eli.euro@e2e.local" });
    await euroRow.getByTestId("sale-affiliate").getByText(PARTNER).waitFor();
    await euroRow.getByText("€1.90 commission").waitFor();
    const dollarRow = table.locator("tbody tr").filter({ hasText: "bo.first@e2e.local" });
    await dollarRow.getByText("$4.00 commission").waitFor();
    await b.shot(page, "affiliates-sales-history");
    await page.setViewportSize(PHONE);
    const phoneRow = page.getByRole("list", { name: "Sales history" }).getByRole("listitem").filter({
      hasText: "eli.euro@e2e.local",
    });
    await phoneRow.getByText(`Affiliate: ${PARTNER}, €1.90 commission`).waitFor();
    await b.shot(page, "affiliates-sales-history-phone");
    await page.setViewportSize({ width: 1280, height: 860 });
  });

  it("the affiliate sees three clicks, three sales, $8.00 and €1.90 earned and due", async () => {
    await waitForFigure(partner, "program-clicks", "3");
    await waitForFigure(partner, "program-sales", "3");
    await waitForFigure(partner, "program-due", "$8.00");
    expect(await partner.getByTestId("program-due").innerText()).toContain("€1.90");
  });
});

describe("a refund reverses the commission", () => {
  it("the creator refunds one dollar sale: $4.00 of the commission goes back", async () => {
    const { page } = seller;
    await page.goto("/dashboard?section=settings");
    await page.getByRole("tab", { name: "Sales History" }).click();
    await page.getByRole("button", { name: "Refund $20.00 to bea.second@e2e.local for Growth Playbook" }).click();
    await page
      .getByRole("dialog", { name: "Refund this sale?" })
      .getByRole("button", { name: "Refund $20.00" })
      .click();
    await page.getByText("Sale refunded. The buyer's access has been revoked.").waitFor({ timeout: 20_000 });

    await page.goto("/dashboard?section=affiliates");
    await waitForFigure(page, "affiliate-due", "$4.00");
    const card = page.getByTestId("affiliate").filter({ hasText: PARTNER });
    expect(await card.getByTestId("affiliate-earned").innerText()).toBe("$4.00\n€1.90");
    await waitForFigure(partner, "program-earned", "$4.00");
  });
});

describe('the CSV lists what is due, and "Mark as paid" settles it', () => {
  it("the CSV is PayPal's bulk format: one line per currency, to the affiliate's PayPal e-mail", async () => {
    const { page } = seller;
    const due = page.getByRole("list", { name: "Payouts due" });
    await due.getByText("€1.90", { exact: true }).waitFor();
    // The attribution window shows the creator's setting (the default: 30 days).
    await expect.poll(() => page.getByLabel("Attribution window (days)").inputValue()).toBe("30");
    await b.shot(page, "affiliates-section");
    const download = page.waitForEvent("download");
    await page.getByRole("link", { name: "Download CSV" }).click();
    const file = await (await download).path();
    const lines = readFileSync(file, "utf8").trim().split(/\r\n/).sort();
    expect(lines).toEqual([`${PAYPAL},1.90,EUR,Affiliate commission`, `${PAYPAL},4.00,USD,Affiliate commission`]);
  });

  it('"Mark as paid" on a phone settles each line; the affiliate sees it paid', async () => {
    const { page, context } = await b.newPage({ viewport: PHONE });
    await signIn(page, SELLER.email, SELLER.name);
    await page.goto("/dashboard?section=affiliates");
    const due = page.getByRole("list", { name: "Payouts due" });
    await due.getByText("$4.00", { exact: true }).waitFor();
    await b.shot(page, "affiliates-section-phone");
    for (const money of ["$4.00", "€1.90"]) {
      await due.getByRole("button", { name: `Mark as paid ${money} to ${PARTNER}` }).click();
      const dialog = page.getByRole("dialog", { name: `Mark ${money} to ${PARTNER} as paid?` });
      await dialog.getByText(`once you have sent ${money} to ${PAYPAL}`).waitFor();
      // The creator's own note (here PayPal's transaction id) replaces the default one.
      if (money === "€1.90") await dialog.getByLabel("Note").fill("PayPal 7XK2 euros");
      await dialog.getByRole("button", { name: "Mark as paid" }).click();
      await page.getByText(`${money} to ${PARTNER} marked as paid.`).waitFor();
    }
    await page.getByText("Nothing is due: every commission is paid.").waitFor();
    await page.getByTestId("affiliate-due").getByText("Nothing due").waitFor();
    // Each payment stays in the affiliate's payout history: date, note, amount in its currency.
    const history = page.getByRole("list", { name: "Payout history" });
    await history.getByText("€1.90", { exact: true }).waitFor();
    expect(await history.getByTestId("payout").allInnerTexts()).toEqual([
      expect.stringMatching(/PayPal 7XK2 euros\s+€1\.90$/),
      expect.stringMatching(/Affiliate commission\s+\$4\.00$/),
    ]);
    await b.shot(page, "affiliates-payout-history-phone");
    await context.close();

    await partner.setViewportSize(PHONE);
    await waitForFigure(partner, "program-paid", "$4.00");
    expect(await partner.getByTestId("program-paid").innerText()).toBe("$4.00\n€1.90");
    expect(await partner.getByTestId("program-due").innerText()).toBe("—");
    const received = partner.getByRole("list", { name: "Payouts received" }).getByTestId("payout");
    expect(await received.count()).toBe(2);
    await received.filter({ hasText: "PayPal 7XK2 euros" }).waitFor();
    await b.shot(partner, "affiliate-area-phone");
  });
});

describe("the dashboards lead an affiliate to their area", () => {
  it("the demo buyer, an affiliate of the demo creator, finds 'Affiliate' on their dashboard", async () => {
    const { page, context } = await b.newPage({ viewport: PHONE });
    await signIn(page, "buyer@demo.local");
    await page.goto("/customer-dashboard");
    await page.getByRole("link", { name: "Affiliate" }).click();
    await page.waitForURL(/\/affiliate$/);
    await page.getByTestId("program").filter({ hasText: "Demo Creator" }).waitFor();
    await context.close();
  });

  it("a seller with only a pending invitation finds 'Affiliate' in their sidebar, and the invitation there", async () => {
    const { page, context } = await b.newPage();
    await signIn(page, "paypal@demo.local");
    await page.goto("/dashboard");
    await page.getByRole("link", { name: "Affiliate" }).click();
    await page.waitForURL(/\/affiliate$/);
    await page
      .getByRole("button", { name: /^Accept/ })
      .first()
      .waitFor();
    await context.close();
  });
});
