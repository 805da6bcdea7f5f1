import { describe, expect, it } from "vitest";
import { call, useStack } from "@payloft/local/testing/index";
import { makeSeller } from "@payloft/local/stripe-sandbox/testing";
import { checkoutLocale } from "@payloft/core/checkout/locale";

/**
 * Localized checkout: the session carries the buyer's language (from the
 * browser's Accept-Language, else "auto") and the sandbox's payment page speaks German to a
 * German buyer.
 */
const stack = useStack();

describe("the buyer's language for the payment page", () => {
  it("takes the best language Stripe has from Accept-Language, else auto", () => {
    expect(checkoutLocale("de-DE,de;q=0.9,en;q=0.8")).toBe("de");
    expect(checkoutLocale("pt-BR,pt;q=0.9")).toBe("pt-BR");
    expect(checkoutLocale("en-GB")).toBe("en-GB");
    expect(checkoutLocale("en-US;q=0.1, fr;q=0.9")).toBe("fr");
    expect(checkoutLocale("xx-YY, *;q=0.5")).toBe("auto");
    expect(checkoutLocale("<script>")).toBe("auto");
    expect(checkoutLocale(undefined)).toBe("auto");
  });
});

async function sessionFor(headers: Record<string, string>) {
  const seller = await makeSeller({ price: 1500 });
  const res = await call(stack(), "POST", "/api/checkout/create-session", {
    body: { productId: seller.productId },
    headers,
  });
  expect(res.status, res.text).toBe(200);
  const url = res.json.url as string;
  const { stripeClient } = await import("@payloft/core/payment/stripe");
  const id = decodeURIComponent(url.split("/pay/")[1]!);
  return { url, session: await stripeClient(seller.secretKey).checkout.sessions.retrieve(id) };
}

const page = async (url: string, acceptLanguage?: string) =>
  (await fetch(url, { headers: acceptLanguage ? { "accept-language": acceptLanguage } : {} })).text();

describe("a checkout session in the buyer's language", () => {
  it("a German browser gets a German payment page", async () => {
    const { url, session } = await sessionFor({ "accept-language": "de-DE,de;q=0.9,en;q=0.5" });
    expect(session.locale).toBe("de");
    const html = await page(url);
    expect(html).toContain('<html lang="de">');
    for (const text of ["E-Mail", "Kartendaten", "Bezahlen", "Abbrechen", "Heute fällig"]) expect(html).toContain(text);
    expect(html).toMatch(/15,00\s\$/); // German number format (a no-break space before the sign)
    expect(html).not.toContain(">Pay<");
  });

  it("without a language it is auto: the page follows the browser that opens it", async () => {
    const { url, session } = await sessionFor({});
    expect(session.locale).toBe("auto");
    expect(await page(url, "de-AT")).toContain("Bezahlen");
    const english = await page(url, "en-US");
    expect(english).toContain('<html lang="en">');
    expect(english).toContain(">Pay<");
    expect(english).toContain("$15.00");
  });

  it("the sandbox refuses a locale Stripe does not have, as Stripe does", async () => {
    const seller = await makeSeller();
    const { stripeClient } = await import("@payloft/core/payment/stripe");
    const create = stripeClient(seller.secretKey).checkout.sessions.create({
      mode: "payment",
      line_items: [{ quantity: 1, price_data: { currency: "usd", unit_amount: 500, product_data: { name: "X" } } }],
      success_url: "https://example.com/ok",
      locale: "klingon" as "de",
    });
    await expect(create).rejects.toMatchObject({ statusCode: 400, param: "locale" });
  });
});
