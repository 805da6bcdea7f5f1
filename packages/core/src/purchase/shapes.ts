import type { PurchaseItem } from "../db/entities";

/**
 * The stored purchase as the API shows it: one function per public shape, all built on `sale`,
 * so a field added to the record reaches every answer that shows a sale the same way. A leaf
 * module (types only) so the Lambdas that answer with a sale import nothing else of `purchase/`.
 */
export namespace PurchaseShape {
  /** A sale as its seller and the seller's webhooks see it (docs/webhooks.md `sale`). */
  export interface Sale {
    id: string;
    /** The payment it was part of: the same for every purchase of one order (a bump, a cart), else the sale's own id. */
    order_id: string;
    created_at: string;
    product_id: string;
    product_name: string;
    customer_email: string;
    /** minor units of `currency`: the price, net of tax (the seller's revenue) */
    amount: number;
    /** same unit: tax collected on top for the state (Stripe Tax); 0 when none */
    tax: number;
    currency: string;
    status: PurchaseItem["status"];
    /** The affiliate whose link brought the sale and their commission (minor units of `currency`); null when none. */
    affiliate: { id: string; email: string; commission: { amount: number; currency: string } } | null;
  }

  export function sale(p: PurchaseItem): Sale {
    return {
      id: p.id,
      order_id: p.order_id ?? p.id,
      created_at: p.created_at,
      product_id: p.product_id,
      product_name: p.product_name,
      customer_email: p.customer_email,
      amount: p.amount,
      tax: p.tax ?? 0,
      currency: p.currency,
      status: p.status,
      affiliate: p.affiliate_id
        ? {
            id: p.affiliate_id,
            email: p.affiliate_email ?? "",
            commission: { amount: p.commission ?? 0, currency: p.currency },
          }
        : null,
    };
  }

  /** GET /api/sales-history: the sale and its licence key, if it was sold with one. */
  export interface SellerSale extends Sale {
    /** Sold with licence keys: the key, and whether the creator disabled it (PUT /api/sales/{id}/license-key). */
    license_key: string | null;
    license_disabled: boolean;
    /** A membership's charge: its membership, and `renewal` for every charge after its first sale. */
    membership_id: string | null;
    renewal: boolean;
    /** What a later charge paid for: a new period, or a change of plan (its prorated invoice); null for a first sale. */
    charge_kind: "renewal" | "plan_change" | null;
  }

  export const sellerSale = (p: PurchaseItem): SellerSale => ({
    ...sale(p),
    license_key: p.license_key ?? null,
    license_disabled: p.license_disabled ?? false,
    membership_id: p.membership_id ?? null,
    renewal: p.renewal ?? false,
    charge_kind: p.charge_kind ?? (p.renewal ? "renewal" : null),
  });

  /** POST /api/sales/{id}/refund: the sale after the refund, and when it was refunded. */
  export interface RefundedSale extends Sale {
    refunded_at: string | null;
  }

  export const refundedSale = (p: PurchaseItem): RefundedSale => ({ ...sale(p), refunded_at: p.refunded_at ?? null });

  /** GET /api/admin/sales: every seller's sales, so each names its seller. */
  export interface AdminSale extends Sale {
    creator_id: string;
    creator_name: string;
  }

  export const adminSale = (p: PurchaseItem): AdminSale => ({
    ...sale(p),
    creator_id: p.creator_id,
    creator_name: p.creator_name ?? "",
  });
}
