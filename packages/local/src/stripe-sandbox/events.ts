import { createHmac } from "node:crypto";
import { Activity } from "../activity";
import { nowSeconds, randomId, type Account, type Delivery, type SandboxStore, type StripeObject } from "./store";

/** The API version the bundled stripe SDK pins; events carry it like Stripe's do. */
export const API_VERSION = "2026-10-28.endive";

/** Stripe's header: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<payload>" keyed by the whsec_ string>. */
export function signatureHeader(payload: string, secret: string, timestamp = nowSeconds()): string {
  const v1 = createHmac("sha256", secret).update(`${timestamp}.${payload}`, "utf8").digest("hex");
  return `t=${timestamp},v1=${v1}`;
}

export interface EventsOptions {
  /** Wait before each retry of a failed delivery (Stripe backs off over days; locally seconds). */
  retryDelaysMs?: number[];
}

/**
 * Creates events in an account and delivers them to the account's enabled webhook
 * endpoints, each delivery signed like Stripe and retried with backoff on failure.
 */
export class EventBus {
  private readonly activity = new Activity();
  private stopped = false;
  private readonly delays: number[];

  constructor(
    private readonly store: SandboxStore,
    opts: EventsOptions = {},
  ) {
    this.delays = opts.retryDelaysMs ?? [1000, 4000, 15000];
  }

  emit(account: Account, type: string, object: StripeObject, previous?: Record<string, unknown>): StripeObject {
    const event: StripeObject = {
      id: randomId("evt_"),
      object: "event",
      api_version: API_VERSION,
      // The billing clock's time (./clock.ts): events of a clock advance are stamped when they happen.
      created: this.store.billingNow(),
      data: { object: structuredClone(object), ...(previous ? { previous_attributes: previous } : {}) },
      livemode: account.livemode,
      pending_webhooks: 0,
      request: { id: randomId("req_", 14), idempotency_key: null },
      type,
    };
    const endpoints = this.store
      .ofType(account, "webhook_endpoint")
      .filter((e) => e.status === "enabled" && (e.enabled_events.includes("*") || e.enabled_events.includes(type)));
    const deliveries: Delivery[] = endpoints.map((e) => ({
      endpoint_id: e.id,
      url: e.url,
      state: "pending",
      attempts: [],
    }));
    event.pending_webhooks = deliveries.length;
    account.events.unshift({ event, deliveries });
    this.store.changed();
    for (const d of deliveries) this.attempt(account, event, d, 0);
    return event;
  }

  private attempt(account: Account, event: StripeObject, delivery: Delivery, retry: number) {
    const sent = this.send(account, event, delivery).then((ok) => {
      this.store.changed();
      if (ok || this.stopped) return;
      const delay = this.delays[retry];
      if (delay === undefined) {
        delivery.state = "failed";
        return;
      }
      this.activity.later(delay, () => this.attempt(account, event, delivery, retry + 1));
    });
    void this.activity.track(sent);
  }

  private async send(account: Account, event: StripeObject, delivery: Delivery): Promise<boolean> {
    const endpoint = account.objects[delivery.endpoint_id];
    if (!endpoint || endpoint.status !== "enabled") {
      delivery.state = "failed";
      delivery.attempts.push({ at: new Date().toISOString(), status: null, error: "endpoint deleted" });
      return true; // nothing left to retry
    }
    // Stripe sends the event pretty-printed and signs exactly the bytes it sends.
    const payload = JSON.stringify(event, null, 2);
    const at = new Date().toISOString();
    try {
      const res = await fetch(delivery.url, {
        method: "POST",
        headers: {
          "content-type": "application/json; charset=utf-8",
          "user-agent": "Stripe/1.0 (+https://stripe.com/docs/webhooks)",
          "stripe-signature": signatureHeader(payload, endpoint.secret),
        },
        body: payload,
        signal: AbortSignal.timeout(10_000),
      });
      await res.text().catch(() => "");
      const ok = res.status >= 200 && res.status < 300;
      delivery.attempts.push({ at, status: res.status });
      if (ok) {
        delivery.state = "succeeded";
        event.pending_webhooks = Math.max(0, event.pending_webhooks - 1);
      }
      return ok;
    } catch (err) {
      delivery.attempts.push({ at, status: null, error: (err as Error).message });
      return false;
    }
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
