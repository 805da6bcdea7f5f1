import * as z from "zod/mini";
import "../zod";
import { AppError, ValidationError } from "../errors";
import { MEMBERSHIP_ONLY, productForCheckout } from "../product/public";
import { parseInput } from "../validation";
import { reserve } from "../discount/redeem";
import { BuyerAmount, quote, type Charge, type Quote } from "./pricing";
import { productSnapshot, type ProductSnapshot } from "./record";
import type { Reservation } from "../discount/redeem";

/**
 * Several products in one payment: a cart of one creator's products
 * (`create-session {items: [...], discount_code?}`). Each item is priced by the one pricing
 * module (./pricing.ts: its price, a pay-what-you-want item's chosen amount against its
 * minimum, the code when it covers that item) and becomes one line of the provider's checkout
 * and, once paid, one purchase (core/src/purchase/order.ts). Every refusal is a 400 with a sentence.
 */
export const MAX_ITEMS = 20;

export type Product = Awaited<ReturnType<typeof productForCheckout>>;

export interface Line {
  product: Product;
  /** minor units of the product's currency: what this line charges */
  amount: number;
  list_price: number;
  discount_code?: string;
  role?: "bump";
  snapshot: ProductSnapshot;
}

export interface Lines {
  lines: Line[];
  currency: string;
  creator_id: string;
  /** The sum of the lines: what the buyer pays before tax. */
  amount: number;
  discount_code?: string;
  reservation?: Reservation;
}

const ITEMS_RULE = `Please send items: a list of 1 to ${MAX_ITEMS} products.`;
const Id = z
  .string("Each item needs a productId.")
  .check(z.trim(), z.minLength(1, "Each item needs a productId."), z.maxLength(200, "Each item needs a productId."));
const Item = z.object(
  {
    productId: Id,
    quantity: z.optional(z.literal(1, "Each item's quantity must be 1: a product is bought once per order.")),
    tier: z.optional(z.string("tier must be text.").check(z.maxLength(100, "tier is too long."))),
    interval: z.optional(z.string("interval must be text.").check(z.maxLength(20, "interval is too long."))),
    amount: z.nullish(BuyerAmount),
  },
  "Each item must be an object like {productId, quantity: 1}.",
);
const CartInput = z.object({
  items: z.array(Item, ITEMS_RULE).check(z.minLength(1, ITEMS_RULE), z.maxLength(MAX_ITEMS, ITEMS_RULE)),
  discount_code: z.nullish(
    z.string("discount_code must be text.").check(z.trim(), z.maxLength(64, "That code is too long.")),
  ),
});

/** The cart's items as priced lines, with the code's one use reserved when it covers any of them. */
export async function cartLines(input: unknown, opts: { address?: string } = {}): Promise<Lines> {
  const { items, discount_code } = parseInput(CartInput, input);
  const ids = items.map((i) => i.productId);
  if (new Set(ids).size !== ids.length)
    throw new ValidationError("Each product can be in the cart only once.", "cart.duplicate");
  const products = await Promise.all(ids.map((id) => productForCheckout(id, { recurring: true })));
  const first = products[0]!;
  for (const p of products) {
    if (p.billing === "recurring" || items.some((i) => i.tier || i.interval))
      throw new ValidationError(
        products.length > 1
          ? `${p.name} is a membership: subscribe to it on its own, not together with other products.`
          : MEMBERSHIP_ONLY,
        "cart.recurring",
      );
    if (p.creator_id !== first.creator_id)
      throw new ValidationError(
        "A cart holds one creator's products: buy from each creator separately.",
        "cart.other_creator",
      );
    if (p.currency !== first.currency)
      throw new ValidationError(
        `${p.name} is sold in ${p.currency.toUpperCase()} and ${first.name} in ${first.currency.toUpperCase()}: one payment is in one currency, so buy them separately.`,
        "cart.mixed_currency",
      );
  }
  const quotes = await quoteAll(products, items, discount_code ?? undefined);
  const lines = await Promise.all(products.map(async (product, i) => lineOf(product, quotes[i]!)));
  const used = quotes.find((q) => q.discount)?.discount;
  return {
    lines,
    currency: first.currency,
    creator_id: first.creator_id,
    amount: lines.reduce((s, l) => s + l.amount, 0),
    ...(used ? { discount_code: used.code, reservation: await reserve(used, opts) } : {}),
  };
}

export const BUMP_GONE = "The offer added to this product is no longer available: buy the product on its own.";

/**
 * The product and its order bump (`create-session {productId, order_bump: true}`): the product
 * at its charge (code, pay what you want), then the offered product at the bump price.
 */
export async function bumpLines(product: Product, charge: Charge): Promise<Lines> {
  const bump = product.order_bump;
  if (!bump) throw new ValidationError("This product has no order bump to add.", "checkout.no_order_bump");
  const offered = await productForCheckout(bump.product_id).catch((err: unknown) => {
    if (err instanceof AppError) throw new ValidationError(BUMP_GONE, "checkout.order_bump_unavailable");
    throw err;
  });
  if (offered.creator_id !== product.creator_id || offered.currency !== product.currency)
    throw new ValidationError(BUMP_GONE, "checkout.order_bump_unavailable");
  const lines: Line[] = [
    {
      product,
      amount: charge.amount,
      list_price: product.price,
      ...(charge.discount_code ? { discount_code: charge.discount_code } : {}),
      snapshot: await productSnapshot(product),
    },
    {
      product: offered,
      amount: bump.price,
      list_price: offered.price,
      role: "bump",
      snapshot: await productSnapshot(offered),
    },
  ];
  return {
    lines,
    currency: product.currency,
    creator_id: product.creator_id,
    amount: charge.amount + bump.price,
    ...(charge.discount_code ? { discount_code: charge.discount_code } : {}),
    ...(charge.reservation ? { reservation: charge.reservation } : {}),
  };
}

/** A line from a product and its quote; a free line is refused (a free product is claimed on its own page). */
export async function lineOf(product: Product, q: Quote, role?: "bump"): Promise<Line> {
  if (q.amount < 1)
    throw new ValidationError(
      `${product.name} is free: claim it on its own page instead of paying for it in an order.`,
      "cart.free_item",
    );
  return {
    product,
    amount: q.amount,
    list_price: product.price,
    ...(q.discount ? { discount_code: q.discount.code } : {}),
    ...(role ? { role } : {}),
    snapshot: await productSnapshot(product),
  };
}

/**
 * Each item's quote: with the code where it covers the item (a code for other products leaves
 * that item at its price), and a 400 when it covers none of them.
 */
async function quoteAll(products: Product[], items: { amount?: number | null }[], code?: string): Promise<Quote[]> {
  const quotes = await Promise.all(
    products.map(async (p, i) => {
      const base = { amount: items[i]!.amount ?? undefined };
      if (!code) return quote(p, base);
      try {
        return await quote(p, { ...base, discount_code: code });
      } catch (err) {
        if (err instanceof AppError && err.code === "discount.other_product") return quote(p, base);
        throw err;
      }
    }),
  );
  if (code && !quotes.some((q) => q.discount))
    throw new ValidationError(
      `The code ${code.trim().toUpperCase()} doesn't apply to any of these products.`,
      "discount.other_product",
    );
  return quotes;
}
