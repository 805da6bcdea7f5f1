import { spentByCurrency } from "../currency/index";
import { BuyerEntity } from "../db/entities";
import { ValidationError } from "../errors";
import { PurchaseShape } from "../purchase/shapes";
import { allPurchases } from "../purchase/all";
import { pageInput, withCursor } from "./page";

/**
 * Admin "All Sales" and "Customer Analytics": the platform-wide purchases index (16 partitions
 * and the one before them, merged: purchase/all.ts) and the buyer aggregates written at
 * fulfilment time.
 */
export namespace AdminSales {
  const STATUSES = ["completed", "refunded", "disputed"] as const;

  /** GET /api/admin/sales?status=&q=&cursor=: newest first; q matches buyer e-mail or product. */
  export async function sales(query: unknown) {
    const { limit, cursor, q, status } = pageInput(query);
    if (status && status !== "all" && !(STATUSES as readonly string[]).includes(status)) {
      throw new ValidationError("status must be all, completed, refunded or disputed.");
    }
    const filterStatus = status && status !== "all" ? (status as (typeof STATUSES)[number]) : undefined;
    const res = await withCursor(cursor, () => allPurchases({ status: filterStatus, q, cursor, limit }));
    return {
      sales: res.data.map(PurchaseShape.adminSale),
      nextCursor: res.cursor,
    };
  }

  /** GET /api/admin/customers?q=&cursor=: by e-mail; q is an e-mail prefix. */
  export async function customers(query: unknown) {
    const { limit, cursor, q } = pageInput(query);
    const res = await withCursor(cursor, () => {
      const base = BuyerEntity.query.primary({});
      return (q ? base.begins({ email: q.toLowerCase() }) : base).go({ cursor, limit });
    });
    return {
      customers: res.data.map((b) => ({
        email: b.email,
        total_purchases: b.total_purchases ?? 0,
        total_spent: b.total_spent ?? 0,
        spent_by_currency: spentByCurrency(b),
        creators_purchased_from: b.creators?.length ?? 0,
        last_purchase_at: b.last_purchase_at ?? null,
      })),
      nextCursor: res.cursor ?? null,
    };
  }
}
