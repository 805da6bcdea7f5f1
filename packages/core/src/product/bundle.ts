import * as z from "zod";
import { currencyOf, type Currency } from "../currency/index";
import type { ProductItem } from "../db/entities";
import { ValidationError } from "../errors";
import { readProducts } from "./bundle-items";
import { MAX_BUNDLE_ITEMS, MIN_BUNDLE_ITEMS, PRODUCT_TYPES, type ProductType } from "./kind";

/**
 * Bundles (rule: Bundles): a product of `type: "bundle"` sells 2 to 20 of its creator's own one-time
 * products at its own price, in their currency. The shape is checked with the other fields
 * (`checkBundleShape`, inside input.ts's `complete`); the items themselves need the table
 * (`checkBundleItems`), so create and edit call it once the product is otherwise valid.
 */

const IDS = `bundle_product_ids must be a list of ${MIN_BUNDLE_ITEMS} to ${MAX_BUNDLE_ITEMS} product ids.`;

export const bundleFields = {
  type: z.enum(PRODUCT_TYPES, "type must be standard or bundle."),
  bundle_product_ids: z.array(z.string(IDS).trim().min(1, IDS).max(100, IDS), IDS),
};

interface BundleSent {
  type: ProductType;
  bundle_product_ids: string[];
  content_url: string;
  content_file: string;
  license_keys: boolean;
  pay_what_you_want: boolean;
  billing?: string;
}

/** A bundle's own fields, checked together; false when refused (the issue is added to ctx). */
export function checkBundleShape(p: BundleSent, ctx: z.RefinementCtx): boolean {
  const fail = (message: string) => (ctx.addIssue({ code: "custom", message }), false);
  if (p.type !== "bundle") {
    return p.bundle_product_ids.length ? fail("bundle_product_ids is only for bundles: set type to bundle.") : true;
  }
  const ids = p.bundle_product_ids;
  if (ids.length < MIN_BUNDLE_ITEMS || ids.length > MAX_BUNDLE_ITEMS)
    return fail(`A bundle holds ${MIN_BUNDLE_ITEMS} to ${MAX_BUNDLE_ITEMS} products: pick them in bundle_product_ids.`);
  if (new Set(ids).size !== ids.length) return fail("A bundle can't hold the same product twice.");
  if (p.billing === "recurring") return fail("A bundle is bought once: it can't be recurring.");
  if (p.pay_what_you_want) return fail("A bundle has a fixed price: pay what you want is for single products.");
  if (p.license_keys) return fail("A bundle gives the licence keys of its items: switch license_keys off.");
  if (p.content_url || p.content_file) return fail("A bundle delivers its items: it has no content of its own.");
  return true;
}

/**
 * The items, read from the table: each one the creator's own (an unknown id reads the same as
 * another creator's, so ids are not probed), one-time, not a bundle, not the bundle itself, and
 * in the bundle's currency. Answers them in the order sent.
 */
export async function checkBundleItems(
  creatorId: string,
  bundleId: string | null,
  ids: string[],
  currency: Currency,
): Promise<ProductItem[]> {
  if (bundleId && ids.includes(bundleId)) throw refuse("A bundle can't hold itself.");
  const byId = await readProducts(ids);
  return ids.map((id) => {
    const p = byId.get(id);
    if (!p || p.creator_id !== creatorId)
      throw refuse(`A bundle holds only your own products: ${id} is not one of them.`);
    if (p.type === "bundle") throw refuse(`A bundle can't hold another bundle: "${p.name}" is one.`);
    if (p.billing === "recurring") throw refuse(`A bundle holds one-time products only: "${p.name}" is a membership.`);
    const own = currencyOf(p.currency);
    if (own !== currency)
      throw refuse(
        `A bundle's currency must match its items': "${p.name}" is in ${own.toUpperCase()}, the bundle in ${currency.toUpperCase()}.`,
      );
    return p;
  });
}

const refuse = (message: string) => new ValidationError(message, "product.bundle_items");
