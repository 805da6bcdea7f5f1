import { randomBytes, randomUUID } from "node:crypto";
import * as z from "zod/mini";
import "../zod";
import { Config } from "../config/index";
import { WebhookDeliveryEntity, WebhookEndpointEntity, type WebhookEndpointItem } from "../db/entities";
import { isConditionFailed } from "../db/errors";
import { userById } from "../user/read";
import { ConflictError, ForbiddenError, NotFoundError } from "../errors";
import { encryptSecret } from "../payment/secrets";
import { requireFeature } from "../plan/gate";
import { RateLimit } from "../rate-limit/index";
import { WebhookQueue } from "../queue/webhooks";
import { Sales } from "../sales/index";
import { parseInput } from "../validation";
import { WebhookDeliveries } from "./deliveries";
import { OFFERED_EVENTS, TEST_EVENT } from "./events";
import { checkEndpointUrl } from "./url";

/**
 * A creator's outgoing webhook endpoints (Business, lifetime, admins; rule: Features by plan): where
 * they are, which events they get, the log of what was sent, and resending. The signing
 * secret is answered once, by create; it is stored encrypted because every delivery needs it.
 */
export namespace WebhookEndpoints {
  export const MAX_ENDPOINTS = 10;

  export interface Info {
    id: string;
    url: string;
    events: string[];
    is_active: boolean;
    /** After a roll: until when the previous secret still signs deliveries too; null otherwise. */
    previous_secret_expires_at: string | null;
    created_at: string;
    updated_at: string;
  }

  export interface Attempt {
    at: string;
    status_code: number | null;
    error: string | null;
    duration_ms: number;
    trigger: "first" | "retry" | "resend";
  }

  export interface Delivery {
    id: string;
    event_id: string;
    event_type: string;
    status: "pending" | "succeeded" | "failed";
    created_at: string;
    payload: string;
    attempts: Attempt[];
  }

  const URL_MESSAGE = "Enter the full address of your endpoint, e.g. https://example.com/webhooks/payloft.";
  const EVENTS_MESSAGE = `Choose at least one event: ${OFFERED_EVENTS.join(", ")}.`;
  const url = z
    .string(URL_MESSAGE)
    .check(z.trim(), z.minLength(1, URL_MESSAGE), z.maxLength(2000, "The endpoint address is too long."));
  const events = z.pipe(
    z
      .array(z.enum(OFFERED_EVENTS, EVENTS_MESSAGE), EVENTS_MESSAGE)
      .check(z.minLength(1, EVENTS_MESSAGE), z.maxLength(OFFERED_EVENTS.length, EVENTS_MESSAGE)),
    z.transform((list: (typeof OFFERED_EVENTS)[number][]) => [...new Set(list)]),
  );
  export const CreateInput = z.object({ url, events });
  export const UpdateInput = z.object({
    url: z.optional(url),
    events: z.optional(events),
    is_active: z.optional(z.boolean("is_active must be true or false.")),
  });

  const notFound = () => new NotFoundError("webhook.not_found", "Webhook endpoint not found.");
  const rules = () => ({ allowLoopback: Config.isOffline() });

  function serialize(e: WebhookEndpointItem): Info {
    return {
      id: e.id,
      url: e.url,
      events: e.events,
      is_active: e.is_active,
      previous_secret_expires_at:
        e.previous_secret_until && Date.parse(e.previous_secret_until) > Date.now() ? e.previous_secret_until : null,
      created_at: e.created_at,
      updated_at: e.updated_at,
    };
  }

  async function owner(userId: string) {
    const user = await userById(userId);
    if (!user) throw new ForbiddenError("Please finish setting up your account first.");
    requireFeature(user, "outgoing_webhooks");
  }

  async function endpointsOf(userId: string) {
    return (await WebhookEndpointEntity.query.byUser({ user_id: userId }).go({ order: "desc", pages: "all" })).data;
  }

  async function owned(userId: string, id: string): Promise<WebhookEndpointItem> {
    await owner(userId);
    const e = id ? (await WebhookEndpointEntity.get({ id }).go()).data : null;
    if (!e || e.user_id !== userId) throw notFound();
    return e;
  }

  const newSecret = () => `whsec_${randomBytes(32).toString("base64url")}`;

  /** POST /api/webhook-endpoints {url, events} -> {id, secret, ...}: the secret this once. */
  export async function create(userId: string, input: unknown): Promise<Info & { secret: string }> {
    // The plan first: a creator without the feature is offered the upgrade, not a form error.
    await owner(userId);
    const data = parseInput(CreateInput, input, { prefixField: true });
    if ((await endpointsOf(userId)).length >= MAX_ENDPOINTS)
      throw new ConflictError("webhook.limit", `You can have at most ${MAX_ENDPOINTS} webhook endpoints.`);
    const secret = newSecret();
    const created = await WebhookEndpointEntity.create({
      id: `we_${randomUUID().replaceAll("-", "").slice(0, 20)}`,
      user_id: userId,
      url: await checkEndpointUrl(data.url, rules()),
      events: data.events,
      secret_enc: encryptSecret(secret),
    }).go();
    return { ...serialize(created.data), secret };
  }

  export async function list(userId: string): Promise<Info[]> {
    await owner(userId);
    return (await endpointsOf(userId)).map(serialize);
  }

  /** PUT /api/webhook-endpoints/{id} {url?, events?, is_active?}. */
  export async function update(userId: string, id: string, input: unknown): Promise<Info> {
    const data = parseInput(UpdateInput, input, { prefixField: true });
    await owned(userId, id);
    const next = {
      ...(data.url !== undefined ? { url: await checkEndpointUrl(data.url, rules()) } : {}),
      ...(data.events ? { events: data.events } : {}),
      ...(data.is_active !== undefined ? { is_active: data.is_active } : {}),
    };
    const res = await WebhookEndpointEntity.patch({ id }).set(next).go({ response: "all_new" });
    return serialize(res.data as WebhookEndpointItem);
  }

  /** DELETE /api/webhook-endpoints/{id}: nothing more is sent to it (queued tries stop too). */
  export async function remove(userId: string, id: string): Promise<void> {
    await owned(userId, id);
    await WebhookEndpointEntity.delete({ id }).go();
  }

  /** How long the secret a roll replaces still signs deliveries (beside the new one). */
  export const ROLL_OVERLAP_HOURS = 24;

  /**
   * POST /api/webhook-endpoints/{id}/roll-secret -> {secret, ...}: a new signing secret, answered
   * this once. For ROLL_OVERLAP_HOURS every delivery carries a signature with each secret, so
   * the creator can switch their receiver over without losing an event. Rolling again within
   * that time ends the oldest secret at once (only the two newest sign). Conditional on the
   * secret it replaces, so two rolls at the same moment cannot both think they made the new one.
   */
  export async function rollSecret(userId: string, id: string): Promise<Info & { secret: string }> {
    const e = await owned(userId, id);
    const secret = newSecret();
    const until = new Date(Date.now() + ROLL_OVERLAP_HOURS * 3600_000).toISOString();
    const res = await WebhookEndpointEntity.patch({ id })
      .set({ secret_enc: encryptSecret(secret), previous_secret_enc: e.secret_enc, previous_secret_until: until })
      .where((a, op) => op.eq(a.secret_enc, e.secret_enc))
      .go({ response: "all_new" })
      .catch((err) => {
        if (!isConditionFailed(err)) throw err;
        throw new ConflictError("webhook.secret_rolled", "The secret was just rolled. Reload the page to see it.");
      });
    return { ...serialize(res.data as WebhookEndpointItem), secret };
  }

  /**
   * "Send test event" and "Resend" POST to the creator's server on demand: both count against
   * one limit per endpoint (the one limiter, core/src/rate-limit), so a button held down or a
   * script cannot turn Payloft into a request flood against anyone's server.
   */
  export const SENDS_PER_MINUTE = 10;
  const countSend = (userId: string, endpointId: string) =>
    RateLimit.hit("webhook-sends", `${userId}#${endpointId}`, SENDS_PER_MINUTE, 60);

  /** GET /api/webhook-endpoints/{id}/deliveries: newest first, each with every attempt. */
  export async function deliveries(userId: string, id: string, query: unknown) {
    const { cursor, limit } = parseInput(Sales.PageInput, query, { prefixField: true });
    await owned(userId, id);
    const res = await Sales.withCursor(() =>
      WebhookDeliveryEntity.query
        .byEndpoint({ endpoint_id: id })
        .go({ order: "desc", cursor: cursor ?? null, limit: limit ?? 25 }),
    );
    const list: Delivery[] = res.data.map((d) => ({
      id: d.id,
      event_id: d.event_id,
      event_type: d.event_type,
      status: d.status,
      created_at: d.created_at,
      payload: d.payload,
      attempts: (d.attempts ?? []).map((a) => ({
        at: a.at,
        status_code: a.status_code ?? null,
        error: a.error ?? null,
        duration_ms: a.duration_ms,
        trigger: a.trigger,
      })),
    }));
    return { deliveries: list, nextCursor: res.cursor ?? null };
  }

  /** POST …/deliveries/{deliveryId}/resend: the same event again, as a new chain of tries. */
  export async function resend(userId: string, id: string, deliveryId: string): Promise<{ queued: true }> {
    await owned(userId, id);
    const d = deliveryId ? (await WebhookDeliveryEntity.get({ id: deliveryId }).go()).data : null;
    if (!d || d.endpoint_id !== id) throw new NotFoundError("webhook.delivery_not_found", "Delivery not found.");
    await countSend(userId, id);
    await WebhookDeliveryEntity.patch({ id: deliveryId }).set({ status: "pending" }).go();
    await WebhookQueue.send({ deliveryId, trigger: "resend" });
    return { queued: true };
  }

  /** POST /api/webhook-endpoints/{id}/test: a `webhook.test` event to this endpoint only. */
  export async function sendTest(userId: string, id: string): Promise<{ queued: true; event_id: string }> {
    const e = await owned(userId, id);
    if (!e.is_active) throw new ConflictError("webhook.inactive", "Turn the endpoint on before sending a test event.");
    await countSend(userId, id);
    const eventId = `evt_${randomUUID().replaceAll("-", "")}`;
    const event = {
      id: eventId,
      type: TEST_EVENT,
      created: Math.floor(Date.now() / 1000),
      sequence: 1,
      data: { message: "A test event from Payloft." },
    };
    await WebhookDeliveries.emit(userId, event, { onlyEndpoint: id });
    return { queued: true, event_id: eventId };
  }
}
