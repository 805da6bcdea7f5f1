import { randomUUID } from "node:crypto";
import { Activity } from "../activity";
import { Signer } from "./signing";
import { AUTH_ALGO } from "./signing";
import { isoNow, paypalId, present, type Delivery, type Merchant, type PayPalObject, type PayPalStore } from "./store";

export interface EventsOptions {
  /** Wait before each retry of a failed delivery (PayPal retries for days; locally seconds). */
  retryDelaysMs?: number[];
}

const RESOURCE_TYPES: Record<string, string> = {
  "PAYMENT.CAPTURE.COMPLETED": "capture",
  "PAYMENT.CAPTURE.REFUNDED": "refund",
  "CHECKOUT.ORDER.APPROVED": "checkout-order",
  "CHECKOUT.ORDER.COMPLETED": "checkout-order",
  "CHECKOUT.ORDER.VOIDED": "checkout-order",
  "CUSTOMER.DISPUTE.CREATED": "dispute",
  "PAYMENT.SALE.COMPLETED": "sale",
  "PAYMENT.SALE.REFUNDED": "refund",
  "PAYMENT.SALE.REVERSED": "refund",
};
const SUBSCRIPTION_EVENT = /^BILLING\.SUBSCRIPTION\./;

const SUMMARIES: Record<string, string> = {
  "PAYMENT.CAPTURE.COMPLETED": "Payment completed",
  "PAYMENT.CAPTURE.REFUNDED": "A capture was refunded",
  "CHECKOUT.ORDER.APPROVED": "An order has been approved by buyer",
  "CHECKOUT.ORDER.COMPLETED": "Checkout Order Completed",
  "CHECKOUT.ORDER.VOIDED": "A checkout order is voided",
  "CUSTOMER.DISPUTE.CREATED": "A new dispute opened",
  "PAYMENT.SALE.COMPLETED": "Payment completed",
  "PAYMENT.SALE.REFUNDED": "A sale was refunded",
  "PAYMENT.SALE.REVERSED": "A sale was reversed",
  "BILLING.SUBSCRIPTION.ACTIVATED": "Subscription activated",
  "BILLING.SUBSCRIPTION.UPDATED": "Subscription updated",
  "BILLING.SUBSCRIPTION.EXPIRED": "Subscription expired",
  "BILLING.SUBSCRIPTION.CANCELLED": "Subscription cancelled",
  "BILLING.SUBSCRIPTION.SUSPENDED": "Subscription suspended",
  "BILLING.SUBSCRIPTION.RE-ACTIVATED": "Subscription re-activated",
  "BILLING.SUBSCRIPTION.PAYMENT.FAILED": "Subscription payment failed",
};

/**
 * Creates webhook events for a merchant and delivers them to the merchant's webhooks that
 * listen for the type, each delivery signed like PayPal's and retried with backoff on failure.
 */
export class EventBus {
  private readonly activity = new Activity();
  private stopped = false;
  private readonly delays: number[];

  constructor(
    private readonly store: PayPalStore,
    private readonly signer: Signer,
    private readonly baseUrl: string,
    opts: EventsOptions = {},
  ) {
    this.delays = opts.retryDelaysMs ?? [1000, 4000, 15000];
  }

  emit(merchant: Merchant, type: string, resource: PayPalObject): PayPalObject {
    const id = paypalId(24, "WH-");
    const event: PayPalObject = {
      id,
      event_version: "1.0",
      // The billing clock's time: a renewal the sandbox clock runs happens at its own time.
      create_time: this.store.billingIso(),
      resource_type: RESOURCE_TYPES[type] ?? (SUBSCRIPTION_EVENT.test(type) ? "subscription" : "unknown"),
      resource_version: "2.0",
      event_type: type,
      summary: SUMMARIES[type] ?? type,
      resource: structuredClone(present(resource)),
      links: [
        { href: `${this.baseUrl}/v1/notifications/webhooks-events/${id}`, rel: "self", method: "GET" },
        { href: `${this.baseUrl}/v1/notifications/webhooks-events/${id}/resend`, rel: "resend", method: "POST" },
      ],
    };
    const deliveries: Delivery[] = Object.values(merchant.webhooks)
      .filter((w) => w.event_types.some((e: { name: string }) => e.name === "*" || e.name === type))
      .map((w) => ({ webhook_id: w.id, url: w.url, state: "pending", attempts: [] }));
    merchant.events.unshift({ event, deliveries });
    this.store.changed();
    for (const d of deliveries) this.attempt(merchant, event, d, 0);
    return event;
  }

  private attempt(merchant: Merchant, event: PayPalObject, delivery: Delivery, retry: number) {
    const sent = this.send(merchant, event, delivery).then((ok) => {
      this.store.changed();
      if (ok || this.stopped) return;
      const delay = this.delays[retry];
      if (delay === undefined) {
        delivery.state = "failed";
        return;
      }
      this.activity.later(delay, () => this.attempt(merchant, event, delivery, retry + 1));
    });
    void this.activity.track(sent);
  }

  private async send(merchant: Merchant, event: PayPalObject, delivery: Delivery): Promise<boolean> {
    const at = new Date().toISOString();
    if (!merchant.webhooks[delivery.webhook_id]) {
      delivery.state = "failed";
      delivery.attempts.push({ at, status: null, error: "webhook deleted" });
      return true; // nothing left to retry
    }
    // Each attempt is a new transmission: its own id, time and signature.
    const payload = JSON.stringify(event);
    const transmissionId = randomUUID();
    const time = isoNow();
    const signed = {
      "paypal-transmission-id": transmissionId,
      "paypal-transmission-time": time,
      "paypal-transmission-sig": this.signer.sign(transmissionId, time, delivery.webhook_id, payload),
      "paypal-cert-url": this.signer.certUrl,
      "paypal-auth-algo": AUTH_ALGO,
    };
    try {
      const res = await fetch(delivery.url, {
        method: "POST",
        headers: { "content-type": "application/json", "user-agent": "PayPal/AUHD-214.0-58107826", ...signed },
        body: payload,
        signal: AbortSignal.timeout(10_000),
      });
      await res.text().catch(() => "");
      delivery.attempts.push({ at, status: res.status, headers: signed });
      const ok = res.status >= 200 && res.status < 300;
      if (ok) delivery.state = "succeeded";
      return ok;
    } catch (err) {
      delivery.attempts.push({ at, status: null, error: (err as Error).message });
      return false;
    }
  }

  /**
   * POST /v1/notifications/webhooks-events/:id/resend: delivers an event again, as a new
   * transmission, to the webhooks that received it (what PayPal's "Resend" does).
   */
  resend(merchant: Merchant, eventId: string): PayPalObject | undefined {
    const record = merchant.events.find((r) => r.event.id === eventId);
    if (!record) return undefined;
    for (const d of record.deliveries) {
      d.state = "pending";
      this.attempt(merchant, record.event, d, this.delays.length);
    }
    return record.event;
  }

  /** Resolves when no delivery is being sent or waiting for a retry. */
  idle() {
    return this.activity.idle();
  }

  get busy() {
    return this.activity.busy;
  }

  stop() {
    this.stopped = true;
    this.activity.cancelScheduled();
  }
}
