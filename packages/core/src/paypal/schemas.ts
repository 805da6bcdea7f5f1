import * as z from "zod";

/**
 * The parts of PayPal's REST answers that Payloft reads, parsed with zod so a changed or
 * broken answer fails loudly at the edge instead of as an undefined deep inside fulfilment.
 * Unknown fields are dropped.
 */
export const Money = z.object({ currency_code: z.string(), value: z.string() });
export type Money = z.infer<typeof Money>;

const Link = z.object({ href: z.string(), rel: z.string(), method: z.string().optional() });

export const AccessToken = z.object({
  access_token: z.string().min(1),
  token_type: z.string(),
  expires_in: z.number(),
});

export const Capture = z.object({
  id: z.string(),
  status: z.string(),
  amount: Money,
  custom_id: z.string().optional(),
  invoice_id: z.string().optional(),
  create_time: z.string().optional(),
  supplementary_data: z.object({ related_ids: z.object({ order_id: z.string().optional() }).optional() }).optional(),
});
export type Capture = z.infer<typeof Capture>;

export const Order = z.object({
  id: z.string(),
  status: z.string(),
  purchase_units: z
    .array(
      z.object({
        reference_id: z.string().optional(),
        amount: Money.optional(),
        custom_id: z.string().optional(),
        invoice_id: z.string().optional(),
        payments: z.object({ captures: z.array(Capture).optional() }).optional(),
      }),
    )
    .optional(),
  payer: z
    .object({
      email_address: z.string().optional(),
      name: z.object({ given_name: z.string().optional(), surname: z.string().optional() }).optional(),
    })
    .optional(),
  links: z.array(Link).default([]),
});
export type Order = z.infer<typeof Order>;

export const Refund = z.object({ id: z.string(), status: z.string(), amount: Money.optional() });
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
  id: z.string().min(1).max(100),
  event_type: z.string().min(1).max(100),
  create_time: z.string().optional(),
  resource_type: z.string().optional(),
  resource: z.record(z.string(), z.unknown()),
});
export type WebhookEvent = z.infer<typeof WebhookEvent>;

/** PayPal's error bodies: REST `{name, message, details[{issue}]}` or OAuth `{error, error_description}`. */
export const ErrorBody = z
  .object({
    name: z.string().optional(),
    message: z.string().optional(),
    details: z.array(z.object({ issue: z.string().optional(), description: z.string().optional() })).optional(),
    error: z.string().optional(),
    error_description: z.string().optional(),
  })
  .partial();
