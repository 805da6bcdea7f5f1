import { createHash } from "node:crypto";
import type {
  DisputeCreated,
  MembershipStarted,
  PropertiesOf,
  PurchasePaid,
  RefundCreated,
  SubscriptionChanged,
} from "../bus/events";
import { membershipInfo } from "../membership/shape";
import { loadMembership } from "../membership/state";
import type { PurchaseItem } from "../db/entities";
import { purchaseById } from "../purchase/records";
import { PurchaseShape } from "../purchase/shapes";
import { orderIdOf, purchasesOfOrder } from "../purchase/order";
import { AGAIN, retry } from "../retry";
import { WebhookDeliveries } from "./deliveries";
import type { MembershipWebhookEvent, WebhookEvent, WebhookEventType } from "./events";

/**
 * The domain events on the bus, turned into the events creators' endpoints subscribe to:
 * purchase.paid → sale.completed (and license.created for a sale with a key), refund.created (full) and dispute.created → sale.refunded,
 * subscription.changed → subscription.created/updated/cancelled (the creator's own plan),
 * membership.* → the same membership.* (and sale.completed for the charge a membership's start or
 * renewal recorded: each charge is a sale).
 *
 * A sale's webhook carries the recorded sale, so it waits for FulfilPurchase / ReverseSale
 * (separate subscribers of the same event) to have recorded it: a few seconds here, then a
 * throw, and the bus retries the whole fan-out later. Repeating is safe: the webhook event
 * id is derived from the provider's event id, and a delivery id from that and the endpoint.
 */
export namespace WebhookFanOut {
  /** How long one run waits for the sale to be recorded before leaving it to the bus's retry. */
  export const WAIT_ATTEMPTS = 8;
  export const WAIT_MS = 1000;

  /** One event per purchase: an order's later purchases (not its first, whose id is the order's) add their id. */
  const eventId = (type: WebhookEventType, providerEventId: string, sale?: Pick<PurchaseItem, "id" | "order_id">) =>
    `evt_${createHash("sha256")
      .update(`${type}|${providerEventId}${sale && sale.id !== orderIdOf(sale) ? `|${sale.id}` : ""}`)
      .digest("hex")
      .slice(0, 32)}`;

  const envelope = (
    type: WebhookEventType,
    source: { provider_event_id: string; occurred_at: number },
    sequence: number,
    data: Record<string, unknown>,
    sale?: Pick<PurchaseItem, "id" | "order_id">,
  ): WebhookEvent => ({
    id: eventId(type, source.provider_event_id, sale),
    type,
    created: source.occurred_at,
    sequence,
    data,
  });

  /**
   * A sale's sequence is its revision: 1 when it completed, 2 once it was refunded or disputed
   * (a sale is taken back at most once). It follows from the sale's state, not from the order
   * the events were handled in, so a refund that arrived before its payment still gets 2.
   */
  export const saleSequence = (p: Pick<PurchaseItem, "status">) => (p.status === "completed" ? 1 : 2);
  /** A sale.completed (and its licence's license.created) describes the sale as it began. */
  const COMPLETED = 1;

  /** The seller's recorded sale once `ready` says so; throws (bus retry) when it is not there in time. */
  function recordedSale(checkoutId: string, ready: (p: PurchaseItem) => boolean): Promise<PurchaseItem> {
    return retry(
      async () => {
        const p = await purchaseById(checkoutId, { consistent: true });
        return p && ready(p) ? p : AGAIN;
      },
      {
        attempts: WAIT_ATTEMPTS,
        delayMs: () => WAIT_MS,
        exhausted: () => new Error(`sale ${checkoutId} is not recorded yet; the bus will deliver the event again`),
      },
    );
  }

  /**
   * purchase.paid → sale.completed, and license.created when the sale was issued a licence key:
   * for each purchase of the payment (an order's several share `order_id`).
   */
  export async function purchasePaid(e: PropertiesOf<typeof PurchasePaid>): Promise<string[]> {
    const [completed, license] = await Promise.all([
      WebhookDeliveries.wants(e.seller_id, "sale.completed"),
      WebhookDeliveries.wants(e.seller_id, "license.created"),
    ]);
    if (!completed && !license) return [];
    const first = await recordedSale(e.checkout_id, () => true);
    // Fulfilment refuses a product of another seller; so does its webhook.
    if (first.creator_id !== e.seller_id) return [];
    const queued: string[] = [];
    for (const sale of await purchasesOfOrder(first)) {
      // As the sale was when it completed (sequence 1), even when a refund was recorded first.
      const begun = { ...PurchaseShape.sale(sale), status: "completed" as const };
      if (completed)
        queued.push(
          ...(await WebhookDeliveries.emit(
            e.seller_id,
            envelope("sale.completed", e, COMPLETED, { sale: begun }, sale),
          )),
        );
      // The key is written in the same transaction as the sale (ledger.ts), so a recorded sale of a
      // product sold with keys always has it.
      if (license && sale.license_key) {
        const data = { license: { key: sale.license_key, product_id: sale.product_id }, sale: begun };
        queued.push(
          ...(await WebhookDeliveries.emit(e.seller_id, envelope("license.created", e, COMPLETED, data, sale))),
        );
      }
    }
    return queued;
  }

  export async function saleTakenBack(
    e: PropertiesOf<typeof RefundCreated> | PropertiesOf<typeof DisputeCreated>,
    reason: "refund" | "dispute",
  ): Promise<string[]> {
    const item = "purchase_id" in e ? e.purchase_id : undefined;
    // A partial refund leaves the sale as it is (Purchase.refund), so nothing is announced,
    // unless it refunded one item of an order: that item is.
    if ("amount_refunded" in e && e.amount_refunded < e.amount && !item) return [];
    if (!(await WebhookDeliveries.wants(e.seller_id, "sale.refunded"))) return [];
    // A dispute marks the sale disputed (or leaves an already refunded one refunded).
    const takenBack = (p: PurchaseItem) => p.status === "refunded" || (reason === "dispute" && p.status === "disputed");
    const first = await recordedSale(e.checkout_id, item ? () => true : takenBack);
    if (first.creator_id !== e.seller_id) return [];
    const sales = (await purchasesOfOrder(first)).filter((p) => !item || p.id === item);
    const queued: string[] = [];
    for (const listed of sales) {
      const sale = await recordedSale(listed.id, takenBack);
      queued.push(
        ...(await WebhookDeliveries.emit(
          e.seller_id,
          envelope(
            "sale.refunded",
            e,
            saleSequence(sale),
            {
              sale: PurchaseShape.sale(sale),
              reason,
              // The whole payment's refund names each sale's own share; one item's refund its amount.
              amount_refunded:
                sales.length > 1 || item || (first.order_size ?? 1) > 1 ? sale.amount + (sale.tax ?? 0) : e.amount,
              currency: e.currency,
            },
            sale,
          ),
        )),
      );
    }
    return queued;
  }

  export async function subscriptionChanged(e: PropertiesOf<typeof SubscriptionChanged>): Promise<string[]> {
    const ended = e.deleted || e.status === "canceled" || e.status === "incomplete_expired";
    const type = ended ? "subscription.cancelled" : e.created ? "subscription.created" : "subscription.updated";
    const subscription = {
      id: e.subscription_ref,
      status: e.status,
      plan: e.plan ?? null,
      billing_cycle: e.billing_cycle ?? null,
    };
    // ApplyPlan may already have ended the plan this cancellation is about; it is still told.
    // The provider's time of the change: ApplyPlan orders a subscription's changes by it too.
    return WebhookDeliveries.emit(e.user_id, envelope(type, e, e.occurred_at, { subscription }), {
      planEnding: type === "subscription.cancelled",
    });
  }

  /** The stored membership (ApplyMembership records it from the same event); throws for the bus's retry. */
  const recordedMembership = (id: string) =>
    retry(async () => (await loadMembership(id)) ?? AGAIN, {
      attempts: WAIT_ATTEMPTS,
      delayMs: () => WAIT_MS,
      exhausted: () => new Error(`membership ${id} is not recorded yet; the bus will deliver the event again`),
    });

  /**
   * membership.* → the same event to the seller's endpoints, describing the membership as the
   * event left it (sequence: the provider's time of the change, as for subscriptions); a start
   * or a charge also sends the sale it recorded as sale.completed.
   */
  export async function membershipChanged(
    type: MembershipWebhookEvent,
    e: PropertiesOf<typeof MembershipStarted>,
  ): Promise<string[]> {
    const saleId = type === "membership.started" ? e.checkout_id : e.charge?.ref;
    const [announced, sold] = await Promise.all([
      WebhookDeliveries.wants(e.seller_id, type),
      saleId ? WebhookDeliveries.wants(e.seller_id, "sale.completed") : false,
    ]);
    if (!announced && !sold) return [];
    const stored = await recordedMembership(e.membership_id);
    if (stored.creator_id !== e.seller_id) return [];
    const queued: string[] = [];
    if (announced) {
      // The provider's times are Unix seconds in the event, ISO strings on the record.
      const { ended_at: endedAt, canceled_at: _canceledAt, ...state } = e.state;
      const membership = membershipInfo({
        ...stored,
        ...state,
        current_period_end: new Date(state.current_period_end * 1000).toISOString(),
        ...(state.status === "ended" && endedAt && !stored.ended_at
          ? { ended_at: new Date(endedAt * 1000).toISOString() }
          : {}),
      });
      queued.push(...(await WebhookDeliveries.emit(e.seller_id, envelope(type, e, e.occurred_at, { membership }))));
    }
    if (sold && saleId) {
      const sale = await recordedSale(saleId, () => true);
      const begun = { ...PurchaseShape.sale(sale), status: "completed" as const };
      queued.push(
        ...(await WebhookDeliveries.emit(e.seller_id, envelope("sale.completed", e, COMPLETED, { sale: begun }, sale))),
      );
    }
    return queued;
  }
}
