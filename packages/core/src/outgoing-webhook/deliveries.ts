import { createHash } from "node:crypto";
import { Config } from "../config/index";
import {
  WebhookDeliveryEntity,
  WebhookEndpointEntity,
  type WebhookDeliveryItem,
  type WebhookEndpointItem,
} from "../db/entities";
import { ifConditionFailed } from "../db/errors";
import { userById } from "../user/read";
import { logger } from "../log/index";
import { decryptSecret } from "../payment/secrets";
import { allows } from "../plan/gate";
import { WebhookQueue } from "../queue/webhooks";
import { subscribedTo, type WebhookEvent, type WebhookEventType } from "./events";
import { MAX_ATTEMPTS as ATTEMPTS, RETRY_DELAYS_S as RETRY } from "./schedule";
import { postWebhook } from "./send";
import { SIGNATURE_HEADER, signatureHeader } from "./signature";

/**
 * Sending events to creators' endpoints. `emit` records one delivery per subscribed endpoint
 * and queues it; the queue's consumer calls `attempt` for each try, on the schedule of
 * schedule.ts.
 */
export namespace WebhookDeliveries {
  export const RETRY_DELAYS_S = RETRY;
  export const MAX_ATTEMPTS = ATTEMPTS;
  const KEEP_DAYS = 30;

  const deliveryId = (eventId: string, endpointId: string) =>
    `whd_${createHash("sha256").update(`${eventId}|${endpointId}`).digest("hex").slice(0, 24)}`;
  const rules = () => ({ allowLoopback: Config.isOffline() });

  /**
   * Whether `userId` would be sent an event of `type` at all (plan allows it, an active endpoint
   * subscribes to it): the fan-out asks first, so sales of everyone else never wait for anything.
   */
  export async function wants(userId: string, type: WebhookEventType): Promise<boolean> {
    const owner = await userById(userId);
    if (!owner || owner.deactivated || !allows(owner, "outgoing_webhooks")) return false;
    const endpoints = (await WebhookEndpointEntity.query.byUser({ user_id: userId }).go({ pages: "all" })).data;
    return endpoints.some((e) => e.is_active && subscribedTo(e.events, type));
  }

  /**
   * Records and queues `event` for every active endpoint of `userId` subscribed to its type
   * (or only `onlyEndpoint`), once per (event, endpoint) however many copies of the event run
   * at the same time (see `queueOnce`). `planEnding`: the event that ends the owner's plan (their
   * subscription's cancellation) is still sent, though the plan may already be gone when it is
   * fanned out.
   */
  export async function emit(
    userId: string,
    event: WebhookEvent,
    opts: { onlyEndpoint?: string; planEnding?: boolean } = {},
  ): Promise<string[]> {
    const { onlyEndpoint, planEnding } = opts;
    const owner = await userById(userId);
    if (!owner || owner.deactivated || (!planEnding && !allows(owner, "outgoing_webhooks"))) return [];
    const endpoints = (await WebhookEndpointEntity.query.byUser({ user_id: userId }).go({ pages: "all" })).data.filter(
      (e) => e.is_active && (onlyEndpoint ? e.id === onlyEndpoint : subscribedTo(e.events, event.type)),
    );
    const payload = JSON.stringify(event);
    const queued: string[] = [];
    for (const endpoint of endpoints) {
      const id = deliveryId(event.id, endpoint.id);
      if (await queueOnce(id, { endpoint_id: endpoint.id, user_id: userId, event, payload })) queued.push(id);
    }
    return queued;
  }

  /** A fan-out that recorded a delivery but died before queueing it is taken over after this. */
  export const REQUEUE_AFTER_MS = 60_000;

  /**
   * The delivery is created with a condition on its id: only the copy whose create succeeds
   * queues it (if queueing fails, the row goes again so the bus's retry starts over). A copy that
   * finds the row leaves it, unless it was never tried and its queueing is overdue (its creator
   * died in between): then one copy takes it over with a conditional write of `queued_at`.
   */
  async function queueOnce(
    id: string,
    d: { endpoint_id: string; user_id: string; event: WebhookEvent; payload: string },
  ): Promise<boolean> {
    const now = new Date().toISOString();
    const created = await WebhookDeliveryEntity.create({
      id,
      endpoint_id: d.endpoint_id,
      user_id: d.user_id,
      event_id: d.event.id,
      event_type: d.event.type,
      payload: d.payload,
      queued_at: now,
      expires_at: Math.floor(Date.now() / 1000) + KEEP_DAYS * 86_400,
    })
      .go()
      .then(() => true, ifConditionFailed(false));
    if (!created && !(await takeOver(id, now))) return false;
    try {
      await WebhookQueue.send({ deliveryId: id, trigger: "first" });
    } catch (err) {
      if (created) await WebhookDeliveryEntity.delete({ id }).go();
      throw err;
    }
    return true;
  }

  async function takeOver(id: string, now: string): Promise<boolean> {
    const existing = (await WebhookDeliveryEntity.get({ id }).go({ consistent: true })).data;
    if (!existing || existing.status !== "pending" || existing.attempts?.length) return false;
    if (existing.queued_at && Date.parse(existing.queued_at) > Date.now() - REQUEUE_AFTER_MS) return false;
    return WebhookDeliveryEntity.patch({ id })
      .set({ queued_at: now })
      .where((a, op) => (existing.queued_at ? op.eq(a.queued_at, existing.queued_at) : op.notExists(a.queued_at)))
      .go()
      .then(() => true, ifConditionFailed(false));
  }

  export type Outcome = { result: "done" } | { result: "retry"; afterSeconds: number } | { result: "gave_up" };

  /**
   * One try of one delivery. `receiveCount` is how often the queue has handed this message
   * out (1 for its first try); `trigger` says whether the message was queued by an event or
   * by the creator's resend.
   */
  export async function attempt(id: string, receiveCount: number, trigger: "first" | "resend"): Promise<Outcome> {
    const delivery = (await WebhookDeliveryEntity.get({ id }).go()).data;
    if (!delivery) return { result: "done" };
    // A resend puts the delivery back to pending first, so only a duplicate message lands here.
    if (delivery.status === "succeeded") return { result: "done" };
    const endpoint = (await WebhookEndpointEntity.get({ id: delivery.endpoint_id }).go()).data;
    const final = receiveCount >= MAX_ATTEMPTS;
    if (!endpoint || !endpoint.is_active) {
      await record(delivery, { status: null, error: "endpoint deleted or disabled", durationMs: 0 }, "failed", trigger);
      return { result: "done" };
    }
    // Another copy of this message is sending it right now: its outcome schedules any retry.
    if (!(await lease(id))) return { result: "done" };
    const timestamp = Math.floor(Date.now() / 1000);
    const sent = await postWebhook(
      endpoint.url,
      delivery.payload,
      {
        "user-agent": "Payloft-Webhooks/1.0",
        [SIGNATURE_HEADER]: signatureHeader(delivery.payload, signingSecrets(endpoint), timestamp),
        "Payloft-Event-Id": delivery.event_id,
        "Payloft-Event-Type": delivery.event_type,
        "Payloft-Delivery-Id": delivery.id,
      },
      rules(),
    );
    const ok = sent.status !== null && sent.status >= 200 && sent.status < 300;
    const how = receiveCount === 1 ? trigger : "retry";
    await record(delivery, sent, ok ? "succeeded" : final ? "failed" : "pending", how);
    if (ok) return { result: "done" };
    logger.info("webhook attempt failed", { deliveryId: id, status: sent.status, error: sent.error, receiveCount });
    return final ? { result: "gave_up" } : { result: "retry", afterSeconds: RETRY_DELAYS_S[receiveCount - 1]! };
  }

  /** The endpoint's secret, and the one it replaced while that still signs (after a roll, 24 hours). */
  function signingSecrets(e: WebhookEndpointItem): string[] {
    const previous =
      e.previous_secret_enc && e.previous_secret_until && Date.parse(e.previous_secret_until) > Date.now()
        ? [decryptSecret(e.previous_secret_enc)]
        : [];
    return [decryptSecret(e.secret_enc), ...previous];
  }

  /** How long one try may take (the endpoint's 10 s and some): another copy may send after that. */
  const LEASE_MS = 30_000;

  async function lease(id: string): Promise<boolean> {
    const now = Date.now();
    return WebhookDeliveryEntity.patch({ id })
      .set({ sending_until: now + LEASE_MS })
      .where(
        (a, op) =>
          `${op.ne(a.status, "succeeded")} AND (${op.notExists(a.sending_until)} OR ${op.lt(a.sending_until, now)})`,
      )
      .go()
      .then(() => true, ifConditionFailed(false));
  }

  async function record(
    d: WebhookDeliveryItem,
    sent: { status: number | null; error?: string; durationMs: number },
    status: "pending" | "succeeded" | "failed",
    trigger: "first" | "retry" | "resend",
  ) {
    await WebhookDeliveryEntity.patch({ id: d.id })
      .append({
        attempts: [
          {
            at: new Date().toISOString(),
            ...(sent.status !== null ? { status_code: sent.status } : {}),
            ...(sent.error ? { error: sent.error } : {}),
            duration_ms: sent.durationMs,
            trigger,
          },
        ],
      })
      .set({ status })
      .remove(["sending_until"])
      .go();
  }
}
