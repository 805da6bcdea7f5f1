import { randomUUID } from "node:crypto";
import * as z from "zod";
import { Bus } from "../bus/index";
import { emit, PurchasePaid } from "../bus/events";
import { EmailNoticeEntity, type DiscountItem } from "../db/entities";
import { attachCheckout, release, reserve, type Reservation } from "../discount/redeem";
import { ValidationError } from "../errors";
import { productForCheckout } from "../product/public";
import { Purchase } from "../purchase/index";
import { RateLimit } from "../rate-limit/index";
import { visitOf } from "../traffic/source";
import { parseInput } from "../validation";
import { priceWithCode, type Priced } from "./pricing";
import { productSnapshot, recordCheckout } from "./record";
import { storedReservation } from "./reservation";

/**
 * Claiming a free product (rule: Free claims): a price of 0, a pay-what-you-want minimum of 0, or
 * a seller's code that takes everything off. No provider is involved, so the seller needs no
 * Payment Setup; otherwise a claim takes a paid checkout's road: Payloft's checkout record (at 0,
 * provider "free", with the product's snapshot), the discount use reserved atomically and tied
 * to it, `purchase.paid` on the bus (outgoing webhooks, and fulfilment should this call fail), and
 * the one fulfilment path (purchase/fulfil.ts: the sale of 0 in every counter, the licence key,
 * the access link, the receipt, the customer portal), run here at once for the success answer.
 *
 * The receipt mailer must not become a spam relay: the route is limited per address (the route
 * table), claims of one product are limited here, and one address gets at most one claim e-mail
 * per product a day: a repeat within the day answers the earlier claim and sends nothing.
 */
export namespace Claim {
  export const NOT_FREE = "This product isn't free. Use the Buy button to pay for it.";
  /** Claims of one product, whoever makes them: a launch's crowd passes, a relay's flood does not. */
  export const PER_PRODUCT = { bucket: "checkout-claim-product", limit: 30, windowSeconds: 60 };
  /** One claim e-mail per address and product in this time. */
  export const DAY_SECONDS = 24 * 60 * 60;

  const EMAIL = "Please enter a valid e-mail address, e.g. you@example.com.";
  const Input = z.object({
    productId: z
      .string("Please choose a product to claim.")
      .trim()
      .min(1, "Please choose a product to claim.")
      .max(200, "Please choose a product to claim."),
    email: z.string(EMAIL).trim().toLowerCase().max(254, EMAIL).pipe(z.email(EMAIL)),
    discount_code: z
      .string("discount_code must be text.")
      .trim()
      .max(64, "That code is too long to be one of this seller's codes.")
      .nullish(),
  });

  /**
   * POST /api/checkout/claim {productId, email, discount_code?, visit?}: answers like GET
   * /api/checkout/success. `visit` is the sales-page visit, as with a paid checkout: the claim
   * counts (as a sale of 0) where its visitor came from in traffic analytics.
   */
  export async function claim(input: unknown) {
    const { productId, email, discount_code } = parseInput(Input, input);
    const visit = visitOf(input);
    const product = await productForCheckout(productId);
    const code = await codeThatFrees(product, discount_code ?? "");
    await RateLimit.hit(PER_PRODUCT.bucket, product.id, PER_PRODUCT.limit, PER_PRODUCT.windowSeconds);

    const key = `${product.id}#${email}`;
    const earlier = await claimOfToday(key);
    if (earlier) return Purchase.successView(earlier);

    const id = `claim_${randomUUID().replace(/-/g, "")}`;
    const reservation = code ? await reserve(code) : undefined;
    try {
      // The record first: whoever finds the day's claim below can always fulfil it.
      await recordCheckout({
        session_id: id,
        kind: "product",
        provider: "free",
        product_id: product.id,
        creator_id: product.creator_id,
        amount: 0,
        list_price: product.price,
        ...(code ? { discount_code: code.code } : {}),
        // Consumed by fulfilment like a paid checkout's.
        ...storedReservation(reservation),
        currency: product.currency,
        buyer_email: email,
        ...(visit ? { visit } : {}),
        product_snapshot: await productSnapshot(product),
      });
    } catch (err) {
      await giveBack(reservation);
      throw err;
    }
    if (!(await takeDay(key, id))) {
      // The same address claimed the same product at the same moment: one claim, one e-mail.
      await giveBack(reservation);
      return Purchase.successView((await claimOfToday(key)) ?? id);
    }
    if (reservation) await attachCheckout(reservation, id, new Date());
    try {
      await Bus.publish(
        emit(PurchasePaid, {
          provider: "free",
          provider_event_id: id,
          occurred_at: Math.floor(Date.now() / 1000),
          seller_id: product.creator_id,
          checkout_id: id,
          amount: 0,
          currency: product.currency,
          buyer_email: email,
        }),
      );
    } catch (err) {
      // Nothing will fulfil this claim: the day and the code's use go back, so trying again works.
      await EmailNoticeEntity.delete({ kind: "claim", key })
        .where((a, op) => op.eq(a.ref, id))
        .go()
        .catch(() => {});
      await giveBack(reservation);
      throw err;
    }
    return Purchase.successView(id);
  }

  /**
   * Null when the product is free as it is (a code is then not used up); the code when it takes
   * the whole price off; a 400 otherwise (a paid product, a pay-what-you-want minimum above 0).
   */
  async function codeThatFrees(product: Priced, typed: string): Promise<DiscountItem | null> {
    if (product.price === 0) return null;
    if (!typed) throw new ValidationError(NOT_FREE, "claim.not_free");
    const { discount, amount } = await priceWithCode(product, typed);
    if (amount > 0)
      throw new ValidationError(
        `The code ${discount.code} doesn't make this product free. Use the Buy button to pay for it.`,
        "claim.not_free",
      );
    return discount;
  }

  const nowSeconds = () => Math.floor(Date.now() / 1000);

  /** The claim this address made of this product in the last day, if any (TTL deletes late: compared too). */
  async function claimOfToday(key: string): Promise<string | null> {
    const notice = (await EmailNoticeEntity.get({ kind: "claim", key }).go({ consistent: true })).data;
    return notice && notice.expires_at > nowSeconds() ? notice.ref : null;
  }

  /** Takes the address's claim of the day for this product; false when another claim has it. */
  async function takeDay(key: string, ref: string): Promise<boolean> {
    const now = nowSeconds();
    try {
      await EmailNoticeEntity.put({
        kind: "claim",
        key,
        ref,
        sent_at: new Date(now * 1000).toISOString(),
        expires_at: now + DAY_SECONDS,
      })
        .where((a, op) => `${op.notExists(a.key)} OR ${op.lt(a.expires_at, now)}`)
        .go();
      return true;
    } catch (err) {
      if (/conditional request failed/i.test(String((err as Error)?.message))) return false;
      throw err;
    }
  }

  const giveBack = async (r: Reservation | undefined) => {
    if (r) await release(r);
  };
}
