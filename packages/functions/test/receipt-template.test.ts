import { beforeAll, describe, expect, it } from "vitest";
import { call, useStack } from "@payloft/local/testing/index";
import { makeSeller, openSession, payOnHostedPage, settle } from "@payloft/local/stripe-sandbox/testing";
import { signInAdmin, type Person } from "./actors";

/**
 * The admin's receipt_email_template setting shapes the receipt a buyer gets after paying on
 * the sandbox (webhook → bus → fulfilment → outbox), with placeholders filled in, the HTML
 * part escaped, the content link always present and still exactly one receipt per purchase.
 */
const stack = useStack();
let admin: Person;

beforeAll(async () => {
  admin = await signInAdmin(stack());
});

const setTemplate = async (value: string) => {
  const res = await call(stack(), "PUT", "/api/admin/settings", {
    cookie: admin.cookie,
    body: { key: "receipt_email_template", value },
  });
  expect(res.status).toBe(200);
};

/** A seller whose product name and content link carry HTML-significant characters. */
async function buy(email: string) {
  const { ProductEntity, PurchaseEntity } = await import("@payloft/core/db/entities");
  const seller = await makeSeller({ price: 2500, contentUrl: 'https://files.example.com/kit.zip?a=1&b="2"' });
  await ProductEntity.patch({ id: seller.productId }).set({ name: 'Kit <b>"Bold"</b> & Co' }).go();
  const session = await openSession(stack(), seller);
  await payOnHostedPage(session.url!, email);
  await settle(stack());
  const receipts = stack().outbox.messages.filter((m) => m.text.includes(session.id));
  const token = (await PurchaseEntity.get({ id: session.id }).go()).data?.access_token;
  return { session, receipts, accessUrl: `${stack().url}/a/${token}` };
}

describe("receipt_email_template", () => {
  it("fills {{placeholders}} into the text and escapes them in the HTML", async () => {
    await setTemplate(
      "Hello from <Team>!\n\nYou bought {{product_name}} for {{amount}} on {{date}}.\nGet it: {{content_url}}\nAll purchases: {{portal_url}}\nUnknown stays: {{nope}}",
    );
    const { session, receipts, accessUrl } = await buy("rita@example.com");
    expect(accessUrl).toMatch(/\/a\/[A-Za-z0-9_-]{32}$/);
    expect(receipts).toHaveLength(1);
    const [mail] = receipts;
    const date = new Date().toLocaleDateString("en-US", {
      year: "numeric",
      month: "long",
      day: "numeric",
      timeZone: "UTC",
    });
    const portal = `${stack().url}/customer-dashboard`;

    expect(mail!.to).toBe("rita@example.com");
    expect(mail!.text).toContain(`You bought Kit <b>"Bold"</b> & Co for $25.00 on ${date}.`);
    // {{content_url}} in a template written before access links is the access link too.
    expect(mail!.text).toContain(`Get it: ${accessUrl}`);
    expect(mail!.text).not.toContain("files.example.com");
    expect(mail!.html).not.toContain("files.example.com");
    expect(mail!.text).toContain(`All purchases: ${portal}`);
    expect(mail!.text).toContain("Unknown stays: {{nope}}");
    expect(mail!.text).toContain(`Order: ${session.id}`); // the fixed summary stays

    expect(mail!.html).toContain("Hello from &#60;Team&#62;!");
    expect(mail!.html).toContain("You bought Kit &#60;b&#62;&#34;Bold&#34;&#60;/b&#62; &#38; Co for $25.00");
    // In the HTML a link placeholder is a named link: no raw URL is shown above the button.
    expect(mail!.html).toContain(`Get it: <a href="${accessUrl}">your content</a><br>`);
    expect(mail!.html).toContain(`All purchases: <a href="${portal}">your customer portal</a>`);
    expect(mail!.html!.replace(/href="[^"]*"/g, "")).not.toContain(accessUrl);
    expect(mail!.html).not.toContain("<b>");
    expect(mail!.html).not.toContain("<Team>");
    // The access button is there even when the admin's message omits the link.
    expect(mail!.html).toContain(`href="${accessUrl}"`);
  });

  it("applies a changed template to the next receipt, with a neutral greeting for an unnamed buyer", async () => {
    await setTemplate("Thanks, {{customer_name}}! Your {{product_name}} is ready.");
    const { receipts, accessUrl } = await buy("sam@example.com");
    expect(receipts).toHaveLength(1);
    expect(receipts[0]!.text.startsWith('Thanks, there! Your Kit <b>"Bold"</b> & Co is ready.')).toBe(true);
    expect(receipts[0]!.text).toContain(`Access your content: ${accessUrl}`);
  });
});

describe("the default template", () => {
  it("renders every placeholder it uses (none left in braces), with no link and no 'reply' of its own", async () => {
    const { Setting } = await import("@payloft/core/setting/index");
    const { receiptMessage } = await import("@payloft/core/purchase/receipt");
    const template = Setting.DEFINITIONS.receipt_email_template.default;
    const msg = receiptMessage(
      {
        id: "cs_1",
        product_name: "Guide",
        access_url: "https://site.example/a/abc",
        customer_email: "a@b.c",
        amount: 1234,
        currency: "usd",
        created_at: "2025-03-04T10:00:00Z",
      },
      { template, site_name: "Payloft", support_email: "help@payloft.local" },
      { sellerName: "Ann Lee", buyerName: "" },
    );
    expect(msg.text).not.toMatch(/\{/);
    expect(msg.text.startsWith("Hello,\n\nThank you for buying Guide from Ann Lee.")).toBe(true);
    expect(msg.text).toContain("Amount paid: $12.34");
    expect(msg.text).toContain("Date: March 4, 2025");
    // No Reply-To (the seller has no address here): support is named instead of "reply".
    expect(msg.replyTo).toBeUndefined();
    expect(msg.text).not.toMatch(/reply/i);
    expect(msg.text).toContain("Questions? Write to help@payloft.local.");
    expect(msg.html).not.toMatch(/\{\{/);
    expect(template).not.toMatch(/url\}\}|reply/i);
  });

  it("says 'Free' for a free claim, never '$0.00'", async () => {
    const { Setting } = await import("@payloft/core/setting/index");
    const { receiptMessage } = await import("@payloft/core/purchase/receipt");
    const msg = receiptMessage(
      {
        id: "claim_1",
        product_name: "Checklist",
        access_url: "https://site.example/a/abc",
        customer_email: "a@b.c",
        amount: 0,
        currency: "eur",
        created_at: "2025-03-04T10:00:00Z",
      },
      { template: Setting.DEFINITIONS.receipt_email_template.default, site_name: "Payloft", support_email: "" },
      { sellerName: "Ann Lee", buyerName: "" },
    );
    expect(msg.text).toContain("Amount paid: Free");
    expect(msg.text + msg.html).not.toContain("0.00");
    // Nothing was bought: the default thanks them for getting it.
    expect(msg.text.startsWith("Hello,\n\nThank you for getting Checklist from Ann Lee.")).toBe(true);
    expect(msg.text + msg.html).not.toContain("buying");
  });

  it("thanks a member for their membership, and a stage still on the 'buying' default gets the new one", async () => {
    const { Setting } = await import("@payloft/core/setting/index");
    const { RETIRED_DEFAULTS, currentValue } = await import("@payloft/core/setting/definitions");
    const { receiptMessage } = await import("@payloft/core/purchase/receipt");
    const buying = RETIRED_DEFAULTS.receipt_email_template!.find((t) => t.includes("Thank you for buying"))!;
    expect(currentValue("receipt_email_template", buying)).toBe(Setting.DEFINITIONS.receipt_email_template.default);
    const msg = receiptMessage(
      {
        id: "in_1",
        product_name: "Letters Club",
        access_url: "https://site.example/a/abc",
        customer_email: "a@b.c",
        amount: 900,
        currency: "usd",
        created_at: "2025-03-04T10:00:00Z",
        membership_id: "sub_1",
      },
      { template: Setting.DEFINITIONS.receipt_email_template.default, site_name: "Payloft", support_email: "" },
      { sellerName: "Ann Lee", buyerName: "Mo" },
    );
    expect(msg.text.startsWith("Hi Mo,\n\nThank you for your membership of Letters Club from Ann Lee.")).toBe(true);
  });
});
