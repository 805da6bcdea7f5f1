import { currencyOf, toMinor, type Currency } from "../currency/index";
import { ProductEntity, type ProductItem } from "../db/entities";
import { AppError, ConflictError, ValidationError } from "../errors";
import { AGAIN, jitter, retry } from "../retry";
import { Setting } from "../setting/index";
import { contentFor, type HostedFiles } from "./content";
import { ProductState, validate, type UpdateProductInput } from "./input";
import { ownedProduct } from "./view";
import { billingOf, type Interval } from "./tiers";
import { hasSold } from "./figures";
import { kindOf } from "./kind";
import { checkBundleItems } from "./bundle";
import { checkOrderBump } from "./order-bump";

/**
 * Editing a product (rule: Editing products): the fields sent over the stored ones, checked
 * whole like a new product. The id (so the sales page's address), the sales and the figures
 * stay; buyers keep the snapshot they bought (rule: Paid means delivered). The write is
 * conditional on the product as it was read, so a sale or another edit in between is seen.
 */
type Sent = Omit<ReturnType<typeof UpdateProductInput.parse>, "is_active">;

export const CURRENCY_LOCKED =
  "A product's currency can't change once it has sales: its sales and revenue are counted in it. Create a new product to sell in another currency.";

/** What a buyer sees of the product: changing it while products need approval sends it back to review. */
const LISTING = ["name", "headline", "subheadline", "description", "media_type", "media_url", "content_url"] as const;

/** The stored product as the fields an edit may change (absent attributes read as their empty defaults). */
function stateOf(p: ProductItem): ProductState {
  return {
    name: p.name,
    headline: p.headline ?? "",
    subheadline: p.subheadline ?? "",
    description: p.description ?? "",
    content_url: p.content_file ? "" : (p.content_url ?? ""),
    content_file: p.content_file ?? "",
    media_type: p.media_type,
    media_url: p.media_url ?? "",
    currency: currencyOf(p.currency),
    license_keys: p.license_keys ?? false,
    price: p.price,
    pay_what_you_want: p.pay_what_you_want ?? false,
    suggested_price: p.suggested_price ?? null,
    order_bump: p.order_bump ?? null,
    ...billingOf(p),
    ...kindOf(p),
  } as ProductState;
}

/**
 * What the sent fields mean beyond themselves: a new link replaces the hosted file and a new
 * file the link; switching pay what you want off drops the suggested price; a price typed in
 * the dialog is in the (new) currency's major unit.
 */
function implied(sent: Sent, current: ProductState, unit: "dollars" | "cents") {
  const currency = sent.currency ?? current.currency;
  const major = unit === "dollars";
  return {
    // A product made one-time leaves its tiers and trial behind.
    ...(sent.billing === "one_time" && sent.tiers === undefined ? { tiers: [] } : {}),
    ...(sent.billing === "one_time" && sent.trial_days === undefined ? { trial_days: 0 } : {}),
    ...(sent.content_url && sent.content_file === undefined ? { content_file: "" } : {}),
    ...(sent.content_file && sent.content_url === undefined ? { content_url: "" } : {}),
    ...(sent.pay_what_you_want === false && sent.suggested_price === undefined ? { suggested_price: null } : {}),
    ...sent,
    ...(sent.price !== undefined ? { price: major ? toMinor(sent.price, currency) : sent.price } : {}),
    ...(sent.tiers && major
      ? { tiers: sent.tiers.map((t) => ({ ...t, prices: minorPrices(t.prices, currency) })) }
      : {}),
  };
}

const minorPrices = (prices: { interval: Interval; amount: number }[], currency: Currency) =>
  prices.map((x) => ({ ...x, amount: toMinor(x.amount, currency) }));

export const TYPE_FIXED =
  "A product's type can't change: its buyers bought it as it is. Create a new bundle or product instead.";

export const HAS_MEMBERS =
  "This product has members: it can't become a one-time product while their memberships run. Cancel them first, or create a new product.";

const sameTiers = (a: ProductState["tiers"], b: ProductState["tiers"]) =>
  JSON.stringify(billingOf({ tiers: a }).tiers) === JSON.stringify(billingOf({ tiers: b }).tiers);

export async function editProduct(
  creatorId: string,
  id: string,
  sent: Sent,
  opts: { price: "dollars" | "cents"; files?: HostedFiles },
): Promise<void> {
  let newFile = "";
  await retry(
    async () => {
      const p = await ownedProduct(creatorId, id);
      const current = stateOf(p);
      if (sent.type && sent.type !== current.type) throw new ValidationError(TYPE_FIXED, "product.type_fixed");
      const checked = validate(ProductState, { ...current, ...implied(sent, current, opts.price) });
      const next = { ...checked, suggested_price: checked.suggested_price ?? null } as ProductState;
      const changed = (Object.keys(next) as (keyof ProductState)[]).filter((k) =>
        k === "tiers"
          ? !sameTiers(next.tiers, current.tiers)
          : k === "bundle_product_ids"
            ? next[k].join() !== current[k].join()
            : k === "order_bump"
              ? JSON.stringify(next[k] ?? null) !== JSON.stringify(current[k] ?? null)
              : next[k] !== current[k],
      );
      if (!changed.length) return null;
      if (next.type === "bundle" && (changed.includes("bundle_product_ids") || changed.includes("currency")))
        await checkBundleItems(creatorId, id, next.bundle_product_ids, next.currency);
      if (changed.includes("order_bump") || changed.includes("currency")) await checkOrderBump(creatorId, id, next);
      if (next.currency !== current.currency && (await hasSold(p)))
        throw new ConflictError("product.currency_locked", CURRENCY_LOCKED);
      // Members keep what they pay for (rule: Paid means delivered): their product stays recurring.
      if (next.billing === "one_time" && current.billing === "recurring" && (p.member_count ?? 0) > 0)
        throw new ConflictError("product.has_members", HAS_MEMBERS);

      const set: Record<string, unknown> = {};
      const remove: string[] = [];
      for (const k of changed) {
        const v = next[k];
        if (v === null || v === "") remove.push(k);
        else set[k] = v;
      }
      if (changed.includes("content_file")) {
        if (next.content_file) {
          // The creator's own upload, arrived (checked like a new product's); the old file stays
          // in the bucket for the buyers whose snapshot names it.
          Object.assign(set, await contentFor(creatorId, next, opts.files));
          newFile = next.content_file;
        } else remove.push("content_file_name", "content_file_size");
      }
      const review = await reviewAfterEdit(p, changed);
      if (review) set.moderation_status = review;

      const written = await ProductEntity.patch({ id })
        .set(set as never)
        .remove(remove as never)
        .where((a, op) => `${op.eq(a.creator_id, creatorId)} AND ${op.eq(a.updated_at, p.updated_at)}`)
        .go()
        .then(() => true)
        .catch((err: Error) => {
          if (/conditional request failed/i.test(err.message)) return false;
          throw err;
        });
      // A sale, a toggle or another edit came in between: read again and decide again.
      return written ? null : AGAIN;
    },
    {
      attempts: 5,
      delayMs: jitter(10, 40),
      exhausted: () => new AppError("product.update_failed", "Failed to update the product. Please try again.", 503),
    },
  );
  // Kept (out of the abandoned-upload clean-up) only once the product names it.
  if (newFile) await opts.files?.keep(newFile);
}

/**
 * A rejected product goes back to review when it is edited (the reviewer asked for a change);
 * an approved one when what buyers see changes while products need approval, so an approved
 * page cannot be swapped for another (rule: Product approval). Null: its status stays.
 */
async function reviewAfterEdit(p: ProductItem, changed: string[]): Promise<"pending" | null> {
  if (p.moderation_status === "rejected") return "pending";
  if (p.moderation_status !== "approved" || !changed.some((k) => (LISTING as readonly string[]).includes(k)))
    return null;
  return (await Setting.bool("auto_approve_products")) ? null : "pending";
}
