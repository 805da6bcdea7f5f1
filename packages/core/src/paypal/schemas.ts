import * as z from "zod/mini";
import "../zod";

/**
 * The parts of PayPal's REST answers that Payloft reads, parsed with zod so a changed or
 * broken answer fails loudly at the edge instead of as an undefined deep inside fulfilment.
 * Unknown fields are dropped.
 */
export const Money = z.object({ currency_code: z.string(), value: z.string() });
export type Money = z.infer<typeof Money>;

const Link = z.object({ href: z.string(), rel: z.string(), method: z.optional(z.string()) });

export const AccessToken = z.object({
  access_token: z.string().check(z.minLength(1)),
  token_type: z.string(),
  expires_in: z.number(),
});

export const Capture = z.object({
  id: z.string(),
  status: z.string(),
  amount: Money,
  custom_id: z.optional(z.string()),
  invoice_id: z.optional(z.string()),
  create_time: z.optional(z.string()),
  supplementary_data: z.optional(z.object({ related_ids: z.optional(z.object({ order_id: z.optional(z.string()) })) })),
});
export type Capture = z.infer<typeof Capture>;

export const Order = z.object({
  id: z.string(),
  status: z.string(),
  purchase_units: z.optional(
    z.array(
      z.object({
        reference_id: z.optional(z.string()),
        amount: z.optional(Money),
        custom_id: z.optional(z.string()),
        invoice_id: z.optional(z.string()),
        payments: z.optional(z.object({ captures: z.optional(z.array(Capture)) })),
      }),
    ),
  ),
  payer: z.optional(
    z.object({
      email_address: z.optional(z.string()),
      name: z.optional(z.object({ given_name: z.optional(z.string()), surname: z.optional(z.string()) })),
    }),
  ),
  links: z._default(z.array(Link), []),
});
export type Order = z.infer<typeof Order>;

export const Refund = z.object({ id: z.string(), status: z.string(), amount: z.optional(Money) });
export type Refund = z.infer<typeof Refund>;

export const Webhook = z.object({
  id: z.string(),
  url: z.string(),
  event_types: z.array(z.object({ name: z.string() })),
});
export type Webhook = z.infer<typeof Webhook>;
export const WebhookList = z.object({ webhooks: z.array(Webhook) });

export const VerifyAnswer = z.object({ verification_status: z.enum(["SUCCESS", "FAILURE"]) });

/** A webhook event as delivered: the envelope; each handler parses its own resource. */
export const WebhookEvent = z.object({
  id: z.string().check(z.minLength(1), z.maxLength(100)),
  event_type: z.string().check(z.minLength(1), z.maxLength(100)),
  create_time: z.optional(z.string()),
  resource_type: z.optional(z.string()),
  resource: z.record(z.string(), z.unknown()),
});
export type WebhookEvent = z.infer<typeof WebhookEvent>;

/** PayPal's error bodies: REST `{name, message, details[{issue}]}` or OAuth `{error, error_description}`. */
export const ErrorBody = z.partial(
  z.object({
    name: z.optional(z.string()),
    message: z.optional(z.string()),
    details: z.optional(z.array(z.object({ issue: z.optional(z.string()), description: z.optional(z.string()) }))),
    error: z.optional(z.string()),
    error_description: z.optional(z.string()),
  }),
);
