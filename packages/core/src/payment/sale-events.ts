/**
 * Provider-neutral sale events on the bus: a webhook receiver (or the PayPal return route)
 * translates what a provider says into these, and one subscriber records them, whichever
 * provider sent them. Amounts are integer cents, currencies ISO 4217 in lower case, times Unix
 * seconds as the provider stamped them. `checkout_id` is the key of Payloft's checkout record.
 */
export const SaleEventTypes = {
  PurchasePaid: "purchase.paid",
  RefundCreated: "refund.created",
  DisputeCreated: "dispute.created",
} as const;

interface Source {
  provider: "stripe" | "paypal";
  /** The provider's id of the event (tracing; subscribers are idempotent anyway). */
  provider_event_id: string;
  occurred_at: number;
}

export interface PurchasePaidProps extends Source {
  seller_id: string;
  checkout_id: string;
  /** The provider's payment reference (PayPal: the capture id). */
  payment_ref?: string;
  amount: number;
  currency: string;
  buyer_email?: string;
}

export interface RefundCreatedProps extends Source {
  seller_id: string;
  checkout_id: string;
  payment_ref: string;
  /** The charge's amount and how much of it has been refunded so far. */
  amount: number;
  amount_refunded: number;
  currency: string;
}

export interface DisputeCreatedProps extends Source {
  seller_id: string;
  checkout_id: string;
  payment_ref: string;
  dispute_ref: string;
  amount: number;
  currency: string;
  reason: string;
}

export type SaleEvent =
  | { type: typeof SaleEventTypes.PurchasePaid; properties: PurchasePaidProps }
  | { type: typeof SaleEventTypes.RefundCreated; properties: RefundCreatedProps }
  | { type: typeof SaleEventTypes.DisputeCreated; properties: DisputeCreatedProps };

/** An ISO time -> Unix seconds (now when absent or unreadable). */
export const unixSeconds = (iso: string | undefined) => {
  const t = iso ? Date.parse(iso) : NaN;
  return Math.floor((Number.isNaN(t) ? Date.now() : t) / 1000);
};
