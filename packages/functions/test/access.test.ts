import { beforeAll, describe, expect, it } from "vitest";
import { call, useStack } from "@payloft/local/testing/index";
import {
  makeSeller,
  openSession,
  payOnHostedPage,
  refundInDashboard,
  settle,
} from "@payloft/local/stripe-sandbox/testing";
import { signInWithRole, type Person } from "./actors";

/**
 * Access links (rule: Access links): a purchase paid on the sandbox is delivered as /a/{token} on
 * the success answer, the receipt and the portal, never as the raw content URL; following it
 * records the access and redirects to the content; after a refund made in the sandbox's
 * dashboard it answers 410 with a page saying why.
 */
const stack = useStack();
const CONTENT = "https://files.example.com/secret/field-guide.pdf";
let buyer: Person;

beforeAll(async () => {
  buyer = await signInWithRole(stack(), "rita@example.com", "customer");
});

async function buy(email = "rita@example.com") {
  const seller = await makeSeller({ price: 2500, contentUrl: CONTENT });
  const session = await openSession(stack(), seller);
  await payOnHostedPage(session.url!, email);
  await settle(stack());
  const success = await call(stack(), "GET", `/api/checkout/success?session_id=${session.id}`);
  return { seller, session, success };
}

const follow = (url: string) => fetch(url, { redirect: "manual" });
const stored = async (id: string) => {
  const { PurchaseEntity } = await import("@payloft/core/db/entities");
  return (await PurchaseEntity.get({ id }).go()).data!;
};

describe("access links", () => {
  it("are on the success answer, the receipt and the portal: one link, never the content URL", async () => {
    const { session, success } = await buy();
    expect(success.status).toBe(200);
    const link = success.json.purchase.access_url as string;
    expect(link).toMatch(new RegExp(`^${stack().url}/a/[A-Za-z0-9_-]{32}$`));
    expect(success.text).not.toContain("files.example.com");
    expect(success.json.product).not.toHaveProperty("content_url");

    const receipt = stack().outbox.messages.find((m) => m.text.includes(session.id))!;
    expect(receipt.text).toContain(link);
    expect(receipt.text + receipt.html).not.toContain("files.example.com");

    const portal = await call(stack(), "GET", "/api/customer/purchases", { cookie: buyer.cookie });
    expect(portal.json.purchases.find((p: { id: string }) => p.id === session.id).access_url).toBe(link);
    expect(portal.text).not.toContain("files.example.com");
  });

  it("redirect (302) to the content and record each access", async () => {
    const { session, success } = await buy();
    const link = success.json.purchase.access_url as string;
    for (const n of [1, 2]) {
      const res = await follow(link);
      expect(res.status).toBe(302);
      expect(res.headers.get("location")).toBe(CONTENT);
      expect(res.headers.get("referrer-policy")).toBe("no-referrer");
      expect((await stored(session.id)).access_count).toBe(n);
    }
    expect((await stored(session.id)).last_accessed_at).toBeTruthy();
  });

  it("keep working during maintenance: a buyer who paid still gets their content", async () => {
    const { success } = await buy();
    const { Setting } = await import("@payloft/core/setting/index");
    await Setting.set({ key: "maintenance_mode", value: "true" });
    try {
      expect((await call(stack(), "GET", "/api/customer/purchases", { cookie: buyer.cookie })).status).toBe(503);
      const res = await follow(success.json.purchase.access_url);
      expect(res.status).toBe(302);
      expect(res.headers.get("location")).toBe(CONTENT);
    } finally {
      await Setting.set({ key: "maintenance_mode", value: "false" });
    }
  });

  it("answer 410 with a page saying why after a refund in the sandbox's dashboard", async () => {
    const { session, success } = await buy();
    const link = success.json.purchase.access_url as string;
    const pi = (await stored(session.id)).payment_intent!;
    await refundInDashboard(stack(), pi);
    await settle(stack());

    const res = await follow(link);
    expect(res.status).toBe(410);
    expect(res.headers.get("content-type")).toContain("text/html");
    expect(res.headers.get("content-security-policy")).toContain("default-src 'none'");
    const page = await res.text();
    expect(page).toContain("This content is no longer available");
    expect(page).toContain("Design Kit was refunded on");
    expect(page).not.toContain("files.example.com");
    expect((await stored(session.id)).access_count).toBe(0);

    const again = await call(stack(), "GET", `/api/checkout/success?session_id=${session.id}`);
    expect(again.json.purchase.access_url).toBeNull();
  });

  it("answer 404 for a token that names no purchase, whatever its shape", async () => {
    for (const token of ["A".repeat(32), "short", "..%2F..%2Fapi%2Fhealth", "x".repeat(199)]) {
      const res = await follow(`${stack().url}/a/${token}`);
      expect(res.status, token).toBe(404);
      expect(await res.text()).toContain("This link does not work");
    }
  });

  it("reach purchases made before links existed: the first view gives them one (lazy migration)", async () => {
    const { PurchaseEntity } = await import("@payloft/core/db/entities");
    await PurchaseEntity.create({
      id: "cs_old_purchase",
      product_id: "p-old",
      product_name: "Old Guide",
      content_url: "https://files.example.com/old.pdf",
      creator_id: "seller-old",
      customer_email: "rita@example.com",
      amount: 900,
    }).go();
    expect((await stored("cs_old_purchase")).access_token).toBeUndefined();
    const [a, b] = await Promise.all([
      call(stack(), "GET", "/api/customer/purchases", { cookie: buyer.cookie }),
      call(stack(), "GET", "/api/customer/purchases", { cookie: buyer.cookie }),
    ]);
    const linkOf = (res: typeof a) =>
      res.json.purchases.find((p: { id: string }) => p.id === "cs_old_purchase").access_url as string;
    // Two first views at once still agree on one link.
    expect(linkOf(a)).toBe(linkOf(b));
    expect(linkOf(a)).toBe(`${stack().url}/a/${(await stored("cs_old_purchase")).access_token}`);
    const res = await follow(linkOf(a));
    expect(res.headers.get("location")).toBe("https://files.example.com/old.pdf");
  });
});
