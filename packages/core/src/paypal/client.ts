import * as z from "zod/mini";
import "../zod";
import { accessToken, paypalCall, type PayPalCredentials } from "./http";
import { Capture, Order, Refund, VerifyAnswer, Webhook, WebhookList, type Money } from "./schemas";
import { decimalsOf, minorToDecimal } from "../currency/index";

export { PayPalRequestError, paypalBaseUrl, PAYPAL_HOSTS, type PayPalCredentials } from "./http";
export type { Capture, Order, Refund, Webhook, WebhookEvent } from "./schemas";

/**
 * The small typed PayPal REST client Payloft needs (see docs/decisions.md for why not
 * @paypal/paypal-server-sdk): OAuth client credentials, Orders v2, Payments v2 captures and
 * refunds, Notifications v1 webhooks and signature verification. Every answer is parsed with
 * zod; every POST is idempotent through PayPal-Request-Id.
 */
export interface CreateOrderInput {
  amount: Money;
  /** Payloft's checkout record id: comes back on the capture and in every capture webhook. */
  customId: string;
  /** Unique per seller at PayPal, so one checkout can never be charged twice. */
  invoiceId: string;
  description: string;
  brandName: string;
  returnUrl: string;
  cancelUrl: string;
  /** Prefills the buyer's PayPal login when they are signed in to Payloft. */
  payerEmail?: string;
  /** An order of several products: one item each (quantity 1), which add up to `amount`. */
  items?: { name: string; unit_amount: Money }[];
}

/** The headers PayPal signs a webhook delivery with (lower-case names). */
export interface TransmissionHeaders {
  "paypal-auth-algo"?: string;
  "paypal-cert-url"?: string;
  "paypal-transmission-id"?: string;
  "paypal-transmission-sig"?: string;
  "paypal-transmission-time"?: string;
}

export function paypalClient(c: PayPalCredentials) {
  return {
    /** Succeeds only for credentials PayPal accepts in this mode (sandbox or live). */
    checkCredentials: () => accessToken(c, true).then(() => undefined),

    createOrder: (input: CreateOrderInput, requestId: string) =>
      paypalCall(c, "POST", "/v2/checkout/orders", {
        requestId,
        schema: Order,
        prefer: "return=representation",
        body: {
          intent: "CAPTURE",
          purchase_units: [
            {
              reference_id: input.customId,
              custom_id: input.customId,
              invoice_id: input.invoiceId,
              description: input.description.slice(0, 127),
              // With items PayPal requires the item total in a breakdown, equal to their sum.
              amount: input.items ? { ...input.amount, breakdown: { item_total: input.amount } } : input.amount,
              ...(input.items
                ? {
                    items: input.items.map((item) => ({
                      name: item.name.slice(0, 127),
                      quantity: "1",
                      unit_amount: item.unit_amount,
                      category: "DIGITAL_GOODS",
                    })),
                  }
                : {}),
            },
          ],
          payment_source: {
            paypal: {
              ...(input.payerEmail ? { email_address: input.payerEmail } : {}),
              experience_context: {
                brand_name: input.brandName.slice(0, 127),
                shipping_preference: "NO_SHIPPING",
                user_action: "PAY_NOW",
                return_url: input.returnUrl,
                cancel_url: input.cancelUrl,
              },
            },
          },
        },
      }),

    getOrder: (orderId: string) =>
      paypalCall(c, "GET", `/v2/checkout/orders/${encodeURIComponent(orderId)}`, { schema: Order }),

    /** Same requestId, same answer: a retried capture is never a second charge. */
    captureOrder: (orderId: string, requestId: string) =>
      paypalCall(c, "POST", `/v2/checkout/orders/${encodeURIComponent(orderId)}/capture`, {
        requestId,
        body: {},
        schema: Order,
        prefer: "return=representation",
      }),

    getCapture: (captureId: string) =>
      paypalCall(c, "GET", `/v2/payments/captures/${encodeURIComponent(captureId)}`, { schema: Capture }),

    /** The whole remainder, or `amount` of it; `customId` names what was refunded (one item of an order). */
    refundCapture: (captureId: string, requestId: string, part: { amount?: Money; customId?: string } = {}) =>
      paypalCall(c, "POST", `/v2/payments/captures/${encodeURIComponent(captureId)}/refund`, {
        requestId,
        body: {
          ...(part.amount ? { amount: part.amount } : {}),
          ...(part.customId ? { custom_id: part.customId } : {}),
        },
        schema: Refund,
        prefer: "return=representation",
      }),

    createWebhook: (url: string, eventTypes: readonly string[]) =>
      paypalCall(c, "POST", "/v1/notifications/webhooks", {
        body: { url, event_types: eventTypes.map((name) => ({ name })) },
        schema: Webhook,
      }),

    listWebhooks: () =>
      paypalCall(c, "GET", "/v1/notifications/webhooks", { schema: WebhookList }).then((l) => l.webhooks),

    deleteWebhook: (webhookId: string) =>
      paypalCall(c, "DELETE", `/v1/notifications/webhooks/${encodeURIComponent(webhookId)}`, { schema: z.unknown() }),

    /** PayPal's own check of a delivery's signature against the webhook it was sent to. */
    async verifyWebhookSignature(headers: TransmissionHeaders, webhookId: string, event: unknown): Promise<boolean> {
      const answer = await paypalCall(c, "POST", "/v1/notifications/verify-webhook-signature", {
        schema: VerifyAnswer,
        body: {
          auth_algo: headers["paypal-auth-algo"],
          cert_url: headers["paypal-cert-url"],
          transmission_id: headers["paypal-transmission-id"],
          transmission_sig: headers["paypal-transmission-sig"],
          transmission_time: headers["paypal-transmission-time"],
          webhook_id: webhookId,
          webhook_event: event,
        },
      });
      return answer.verification_status === "SUCCESS";
    },
  };
}

export type PayPalClient = ReturnType<typeof paypalClient>;

/**
 * Integer minor units -> PayPal's decimal string: "25.99" for USD, "950" for JPY (PayPal refuses
 * decimals on zero-decimal currencies).
 */
export const centsToValue = (cents: number, currency = "usd") => minorToDecimal(cents, currency);
/** PayPal's "25.99" -> 2599 (or JPY's "950" -> 950), exactly (no float drift). */
export function valueToCents(value: string, currency = "usd"): number {
  const m = /^(\d+)(?:\.(\d{1,2}))?$/.exec(value.trim());
  if (!m) throw new Error(`Not a PayPal amount: ${value}`);
  const fraction = (m[2] ?? "0").padEnd(2, "0");
  if (decimalsOf(currency) === 0) {
    if (Number(fraction)) throw new Error(`Not a whole ${currency.toUpperCase()} amount: ${value}`);
    return Number(m[1]);
  }
  return Number(m[1]) * 100 + Number(fraction);
}
