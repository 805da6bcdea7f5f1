import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { call, useStack } from "@payloft/local/testing/index";
import { signIn } from "@payloft/local/testing/auth";
import { makeSeller, openSession, payOnHostedPage, settle } from "@payloft/local/stripe-sandbox/testing";
import { signInWithRole } from "./actors";

/**
 * What buyers' e-mails say and carry, through the real pipeline (hosted page → webhook → bus →
 * fulfilment → outbox): the receipt names the product and the seller, greets the buyer by
 * name when known, shows each link once (a button or a named link; the text part spells the
 * URLs out) and sends replies to the seller; a refund or dispute tells the buyer once that
 * their access has ended; and SES is asked exactly as its SDK's SendEmail takes it.
 */
const stack = useStack();
const about = (id: string) => stack().outbox.messages.filter((m) => m.text.includes(id));
const sellerEmail = (s: { sellerId: string }) => `${s.sellerId}@sellers.test`;
/** Every URL an HTML part shows as text, i.e. outside href attributes. */
const visibleUrls = (html: string) => html.replace(/href="[^"]*"/g, "").match(/https?:\/\/\S+/g) ?? [];
const hrefs = (html: string, url: string) => html.split(`href="${url}"`).length - 1;

async function buy(email: string, cardholder?: string) {
  const seller = await makeSeller({ name: "Sally Seller" });
  const session = await openSession(stack(), seller);
  await payOnHostedPage(session.url!, email, cardholder);
  await settle(stack());
  const { PurchaseEntity } = await import("@payloft/core/db/entities");
  const purchase = (await PurchaseEntity.get({ id: session.id }).go()).data!;
  return { seller, id: session.id, purchase, accessUrl: `${stack().url}/a/${purchase.access_token}` };
}

describe("the receipt", () => {
  it("names the product and the seller, greets the buyer by the name they paid under, and replies reach the seller", async () => {
    const { seller, id, purchase, accessUrl } = await buy("nia@example.com", "Nia Buyer");
    expect(purchase.customer_name).toBe("Nia Buyer");
    const mails = about(id);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail).toMatchObject({
      to: "nia@example.com",
      subject: "Your receipt: Design Kit by Sally Seller",
      replyTo: sellerEmail(seller),
    });
    const portal = `${stack().url}/customer-dashboard`;

    expect(mail!.text.startsWith("Hi Nia Buyer,\n\nThank you for buying Design Kit from Sally Seller.")).toBe(true);
    expect(mail!.text).toContain("Seller: Sally Seller");
    expect(mail!.text).toContain(`Access your content: ${accessUrl}`);
    expect(mail!.text).toContain(portal);
    // "Reply" is offered because a reply really reaches the seller.
    expect(mail!.text).toContain("Questions about Design Kit? Reply to this e-mail to reach Sally Seller.");

    const html = mail!.html!;
    expect(html).toContain("Hi Nia Buyer,");
    expect(html).toContain("Sally Seller");
    // Each link once, as the button or a named link; no URL shown as text.
    expect(hrefs(html, accessUrl)).toBe(1);
    expect(hrefs(html, portal)).toBe(1);
    expect(visibleUrls(html)).toEqual([]);
    expect(html).toContain(">Access Your Content</a>");
  });

  it("greets a buyer by the name on their Payloft account, and a stranger with 'Hello,', never 'Hi there'", async () => {
    await signIn(stack(), { email: "omar@example.com", name: "Omar Account" });
    const known = await buy("omar@example.com");
    expect(about(known.id)[0]!.text.startsWith("Hi Omar Account,")).toBe(true);

    const stranger = await buy("quinn@example.com");
    const mail = about(stranger.id)[0]!;
    expect(mail.text.startsWith("Hello,\n")).toBe(true);
    expect(mail.text + mail.html).not.toContain("Hi there");
  });

  it("a stage seeded with the old default template gets the new one: no raw links above the button, no false 'reply'", async () => {
    const { SettingEntity } = await import("@payloft/core/db/entities");
    const { RETIRED_DEFAULTS } = await import("@payloft/core/setting/definitions");
    const old = RETIRED_DEFAULTS.receipt_email_template![0]!;
    expect(old).toContain("Questions? Reply to this e-mail or write to {{support_email}}.");
    await SettingEntity.put({ key: "receipt_email_template", value: old, category: "emails", description: "" }).go();
    try {
      const { id, accessUrl } = await buy("rae@example.com", "Rae");
      const mail = about(id)[0]!;
      expect(mail.text).not.toContain("Reply to this e-mail or write to");
      expect(mail.text.split(accessUrl)).toHaveLength(2); // the URL once, in the text part's summary
      expect(mail.text.startsWith("Hi Rae,\n\nThank you for buying Design Kit from Sally Seller.")).toBe(true);
      expect(visibleUrls(mail.html!)).toEqual([]);
      const { Setting } = await import("@payloft/core/setting/index");
      expect(await Setting.get("receipt_email_template")).toBe(Setting.DEFINITIONS.receipt_email_template.default);
    } finally {
      await SettingEntity.delete({ key: "receipt_email_template" }).go();
    }
  });
});

/** A refund or dispute made in the seller's Stripe dashboard (the sandbox's own page). */
async function takeBack(paymentIntent: string, what: "refunds" | "disputes") {
  const res = await fetch(`${stack().stripe.url}/__sandbox/${what}`, {
    method: "POST",
    body: new URLSearchParams({
      payment_intent: paymentIntent,
      ...(what === "disputes" ? { reason: "fraudulent" } : {}),
    }),
  });
  expect(res.status).toBeLessThan(300);
  await res.arrayBuffer();
  await settle(stack());
}
const notices = (id: string) => about(id).filter((m) => /was (refunded|disputed)$/.test(m.subject));

describe("the buyer's notice when a sale is taken back", () => {
  it("a refund: what happened, that access ended, replies to the seller; once", async () => {
    const { seller, id, purchase } = await buy("uma@example.com", "Uma");
    await takeBack(purchase.payment_intent!, "refunds");
    const sent = notices(id);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      to: "uma@example.com",
      subject: "Your purchase of Design Kit was refunded",
      replyTo: sellerEmail(seller),
    });
    expect(sent[0]!.text).toContain("Hi Uma,");
    expect(sent[0]!.text).toContain("Sally Seller refunded your payment of $15.00 for Design Kit.");
    expect(sent[0]!.text).toContain("Your access to the content has ended");
    expect(sent[0]!.html).toContain("Your access to the content has ended");
  });

  it("a dispute tells the buyer once; a refund of the disputed sale sends nothing more", async () => {
    const { id, purchase } = await buy("vic@example.com");
    await takeBack(purchase.payment_intent!, "disputes");
    await takeBack(purchase.payment_intent!, "refunds");
    const sent = notices(id);
    expect(sent.map((m) => m.subject)).toEqual(["Your payment for Design Kit was disputed"]);
    expect(sent[0]!.text).toContain("was disputed with your bank, so the purchase has been taken back");
    expect(sent[0]!.text).toContain("Your access to the content has ended");
  });

  /** Lets the next `n` e-mails fail at the provider while `run` runs; returns how many were refused. */
  async function withFailingEmail(n: number, run: () => Promise<void>) {
    const { Email } = await import("@payloft/core/email/index");
    const outbox = stack().outbox;
    const keep: Parameters<typeof Email.useTransport>[0] = async (m) => {
      outbox.messages.push({ ...m, id: outbox.messages.length + 1, sentAt: new Date().toISOString() });
    };
    let failures = n;
    Email.useTransport(async (m) => {
      if (failures-- > 0) throw new Error("SES is unavailable");
      await keep(m);
    });
    try {
      await run();
    } finally {
      Email.useTransport(keep);
    }
    return n - Math.max(failures, 0);
  }

  it("a notice the e-mail provider refuses once is sent by the bus's retry, still once", async () => {
    const { id, purchase } = await buy("wes@example.com");
    expect(await withFailingEmail(1, () => takeBack(purchase.payment_intent!, "refunds"))).toBe(1);
    expect(notices(id)).toHaveLength(1);
  });

  it("the seller's Refund leaves the notice to the provider's refund event, which the bus retries until it is sent", async () => {
    const rhea = await signInWithRole(stack(), "rhea@example.com", "creator", "Rhea");
    const keys = { stripe_publishable_key: "pk_test_rhea_mail_0001", stripe_secret_key: "sk_test_rhea_mail_0001" };
    expect(
      (
        await call(stack(), "POST", "/api/payment-integration", {
          cookie: rhea.cookie,
          body: { provider: "stripe", ...keys },
        })
      ).status,
    ).toBe(200);
    const product = await call(stack(), "POST", "/api/products", {
      cookie: rhea.cookie,
      body: { name: "Brushes", price: "9.00", content_url: "https://files.example.com/b.zip", media_type: "none" },
    });
    const started = await call(stack(), "POST", "/api/checkout/create-session", {
      body: { productId: product.json.id },
    });
    const id = new URL(await payOnHostedPage(started.json.url, "xia@example.com")).searchParams.get("session_id")!;
    await settle(stack());
    const refused = await withFailingEmail(1, async () => {
      const res = await call(stack(), "POST", `/api/sales/${id}/refund`, { cookie: rhea.cookie });
      expect(res.status, res.text).toBe(200);
      expect(res.json.purchase.status).toBe("refunded");
      await settle(stack());
    });
    expect(refused).toBe(1);
    expect(notices(id).map((m) => [m.to, m.replyTo])).toEqual([["xia@example.com", "rhea@example.com"]]);
  });
});

describe("the local outbox and every HTML e-mail", () => {
  it("every HTML e-mail sent so far has a plain-text part; the outbox page shows Reply-To and the text part", async () => {
    const withHtml = stack().outbox.messages.filter((m) => m.html);
    expect(withHtml.length).toBeGreaterThan(0);
    for (const m of withHtml) expect(m.text.trim(), m.subject).not.toBe("");
    const page = await (await fetch(`${stack().url}/__outbox`)).text();
    expect(page).toMatch(/Reply-To <b>seller-[^<]+@sellers\.test<\/b>/);
    expect(page).toContain("<summary>Plain-text part</summary>");
  });
});

// Last: it swaps the module graph for one whose transport is the real SES client.
describe("SES", () => {
  it("gets Reply-To as ReplyToAddresses and both parts in UTF-8, exactly as SendEmail takes them", async () => {
    const bodies: unknown[] = [];
    const server = createServer((req, res) => {
      let raw = "";
      req.on("data", (c: Buffer) => (raw += c.toString()));
      req.on("end", () => {
        bodies.push({ path: req.url, body: JSON.parse(raw) });
        res.writeHead(200, { "content-type": "application/json" });
        res.end(JSON.stringify({ MessageId: "local-1" }));
      });
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    const { vi } = await import("vitest");
    vi.resetModules();
    process.env.AWS_ENDPOINT_URL_SESV2 = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    process.env.AWS_ACCESS_KEY_ID ??= "test";
    process.env.AWS_SECRET_ACCESS_KEY ??= "test";
    try {
      const { Email } = await import("@payloft/core/email/index");
      const { Resource } = await import("sst");
      await Email.send({
        to: "b@example.com",
        subject: "Subj €",
        text: "Plain",
        html: "<p>Rich</p>",
        replyTo: "s@example.com",
      });
      await Email.send({ to: "c@example.com", subject: "Only text", text: "Plain only" });
      const from = Resource.Email.sender;
      expect(bodies).toEqual([
        {
          path: "/v2/email/outbound-emails",
          body: {
            FromEmailAddress: from,
            Destination: { ToAddresses: ["b@example.com"] },
            ReplyToAddresses: ["s@example.com"],
            Content: {
              Simple: {
                Subject: { Data: "Subj €", Charset: "UTF-8" },
                Body: { Text: { Data: "Plain", Charset: "UTF-8" }, Html: { Data: "<p>Rich</p>", Charset: "UTF-8" } },
              },
            },
          },
        },
        {
          path: "/v2/email/outbound-emails",
          body: {
            FromEmailAddress: from,
            Destination: { ToAddresses: ["c@example.com"] },
            Content: {
              Simple: {
                Subject: { Data: "Only text", Charset: "UTF-8" },
                Body: { Text: { Data: "Plain only", Charset: "UTF-8" } },
              },
            },
          },
        },
      ]);
    } finally {
      delete process.env.AWS_ENDPOINT_URL_SESV2;
      server.close();
    }
  });
});
