/**
 * The events a creator's endpoints can subscribe to, and the envelope each is sent in.
 * Pure data (the web app imports it for the event picker).
 */
/** A membership's changes, named as the domain events they come from (core/src/bus/types.ts). */
export const MEMBERSHIP_WEBHOOK_EVENTS = [
  "membership.started",
  "membership.renewed",
  "membership.payment_failed",
  "membership.canceled",
  "membership.resumed",
  "membership.changed",
  "membership.ended",
] as const;
export type MembershipWebhookEvent = (typeof MEMBERSHIP_WEBHOOK_EVENTS)[number];

export const WEBHOOK_EVENTS = [
  "sale.completed",
  "sale.refunded",
  "subscription.created",
  "subscription.updated",
  "subscription.cancelled",
  "license.created",
  ...MEMBERSHIP_WEBHOOK_EVENTS,
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENTS)[number];

/** What an endpoint may list: an event, or `subscription.*` for all subscription events. */
export const SUBSCRIBABLE = [...WEBHOOK_EVENTS, "subscription.*"] as const;
export type Subscribable = (typeof SUBSCRIBABLE)[number];

/**
 * What a seller is offered, and what a new or edited endpoint may choose: only events a
 * seller's own sales produce (rule: Only producible events). The subscription events are about
 * the creator's own Payloft plan, not about anything they sell, so they stay off the list
 * (endpoints that chose them before keep receiving them); what a seller's members do is
 * `membership.*`.
 */
export const OFFERED_EVENTS = [
  "sale.completed",
  "sale.refunded",
  "license.created",
  ...MEMBERSHIP_WEBHOOK_EVENTS,
] as const satisfies readonly Subscribable[];
export type OfferedEvent = (typeof OFFERED_EVENTS)[number];

/** The ping sent by "Send test event"; it reaches only the endpoint it was asked for. */
export const TEST_EVENT = "webhook.test";

export const EVENT_LABEL: Record<Subscribable, string> = {
  "sale.completed": "A sale completed",
  "sale.refunded": "A sale was refunded",
  "subscription.created": "A subscription started",
  "subscription.updated": "A subscription changed",
  "subscription.cancelled": "A subscription ended",
  "subscription.*": "Every subscription event",
  "license.created": "A licence key was issued",
  "membership.started": "A membership started (or its trial)",
  "membership.renewed": "A membership was charged again",
  "membership.payment_failed": "A membership's payment failed",
  "membership.canceled": "A membership was set to end at its period's end",
  "membership.resumed": "A canceled membership goes on",
  "membership.changed": "A membership changed tier, interval or price",
  "membership.ended": "A membership ended",
};

export function subscribedTo(events: readonly string[], type: string): boolean {
  return events.includes(type) || (type.startsWith("subscription.") && events.includes("subscription.*"));
}

/**
 * The JSON body of every delivery: a stable id (receivers de-duplicate on it), the type, the
 * object's sequence (receivers order on it) and the data.
 */
export interface WebhookEvent {
  id: string;
  type: string;
  /** Unix seconds when the event happened. */
  created: number;
  /**
   * Grows with each change of the object the event is about (a sale, a licence, a subscription):
   * an event whose sequence is below one already applied for that object is stale. Deliveries
   * may arrive in any order (retries, concurrent sends); see docs/webhooks.md.
   */
  sequence: number;
  data: Record<string, unknown>;
}
