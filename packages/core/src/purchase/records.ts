import { PurchaseEntity, type PurchaseItem } from "../db/entities";

/**
 * The stored purchase as other modules read it (sales history, the buyer's portal, payment
 * recovery, access links, licence keys, memberships, outgoing webhooks), and the small writes
 * they ask of it: an opening of its content, a licence check's use, a key turned off. Only purchase/
 * touches PurchaseEntity (packages/core/entity-users.mjs); this file imports nothing else, so a
 * Lambda that reads purchases bundles nothing more than the entity.
 */

/** The purchase; `consistent` when the caller must see a write made a moment ago (its own). */
export async function purchaseById(id: string, opts: { consistent?: boolean } = {}): Promise<PurchaseItem | null> {
  return (await PurchaseEntity.get({ id }).go(opts.consistent ? { consistent: true } : {})).data;
}

/** One page of a creator's sales, newest first (an undecodable cursor throws: the caller's 400). */
export async function salesOfCreator(creatorId: string, page: { cursor: string | null; limit: number }) {
  const res = await PurchaseEntity.query
    .byCreator({ creator_id: creatorId })
    .go({ order: "desc", cursor: page.cursor, limit: page.limit });
  return { data: res.data, cursor: res.cursor ?? null };
}

/** Every purchase stored under this buyer address (exactly as given), newest first. */
export async function purchasesOfBuyer(customerEmail: string): Promise<PurchaseItem[]> {
  return (await PurchaseEntity.query.byCustomer({ customer_email: customerEmail }).go({ order: "desc", pages: "all" }))
    .data;
}

/** Whether any purchase is stored under this buyer address (one item read at most). */
export async function buyerHasPurchases(customerEmail: string): Promise<boolean> {
  const found = await PurchaseEntity.query
    .byCustomer({ customer_email: customerEmail })
    .go({ limit: 1, attributes: ["id"] });
  return found.data.length > 0;
}

/** A completed (not refunded, not disputed) purchase of the product by this address. */
export async function hasCompletedPurchase(customerEmail: string, productId: string): Promise<boolean> {
  const { data } = await PurchaseEntity.query
    .byCustomer({ customer_email: customerEmail })
    .where((a, op) => op.eq(a.product_id, productId))
    .go({ pages: "all", attributes: ["status"] });
  return data.some((d) => d.status === "completed");
}

const conditionFailed = (err: unknown) =>
  (err as { cause?: { name?: string } }).cause?.name === "ConditionalCheckFailedException";

/**
 * One opening of the purchase's content (access_count + 1, last_accessed_at), only while it is
 * still a completed purchase (and this buyer's, when `customerEmail` is given: the portal); null
 * when it no longer is (a refund landed meanwhile).
 */
export async function recordOpening(id: string, customerEmail?: string): Promise<PurchaseItem | null> {
  try {
    const res = await PurchaseEntity.patch({ id })
      .add({ access_count: 1 })
      .set({ last_accessed_at: new Date().toISOString() })
      .where((a, op) =>
        customerEmail === undefined
          ? op.eq(a.status, "completed")
          : `${op.eq(a.status, "completed")} AND ${op.eq(a.customer_email, customerEmail)}`,
      )
      .go({ response: "all_new" });
    return res.data as PurchaseItem;
  } catch (err) {
    if (conditionFailed(err)) return null;
    throw err;
  }
}

/** One use of the purchase's licence key, only while it is still completed: the new count, or null. */
export async function countLicenseUse(id: string): Promise<number | null> {
  try {
    const res = await PurchaseEntity.patch({ id })
      .add({ license_uses: 1 })
      .where((a, op) => op.eq(a.status, "completed"))
      .go({ response: "all_new" });
    return res.data.license_uses ?? 1;
  } catch (err) {
    if (conditionFailed(err)) return null;
    throw err;
  }
}

/** The seller turns the sale's licence key off (or back on). */
export async function setLicenseDisabled(id: string, disabled: boolean): Promise<void> {
  await PurchaseEntity.patch({ id }).set({ license_disabled: disabled }).go();
}
