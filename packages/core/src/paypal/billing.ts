import * as z from "zod/mini";
import "../zod";
import { paypalCall, type PayPalCredentials } from "./http";
import { Money } from "./schemas";

/**
 * Catalog Products v1 and Subscriptions v1 (plans, subscriptions, their sales), what Payloft's
 * memberships on a PayPal seller's app use (core/src/membership/paypal.ts). Answers are parsed
 * with zod like the rest of the client; POSTs carry a PayPal-Request-Id.
 */
const Link = z.object({ href: z.string(), rel: z.string() });

export const CatalogProduct = z.object({ id: z.string(), name: z.string(), description: z.optional(z.string()) });

export const BillingCycle = z.object({
  tenure_type: z.enum(["TRIAL", "REGULAR"]),
  sequence: z.number(),
  total_cycles: z.number(),
  frequency: z.object({ interval_unit: z.string(), interval_count: z.number() }),
  pricing_scheme: z.optional(z.object({ fixed_price: z.optional(Money) })),
});
export type BillingCycle = z.infer<typeof BillingCycle>;

export const Plan = z.object({
  id: z.string(),
  product_id: z.string(),
  name: z.string(),
  status: z.string(),
  description: z.optional(z.string()),
  billing_cycles: z._default(z.array(BillingCycle), []),
});
export type Plan = z.infer<typeof Plan>;
const PlanList = z.object({
  plans: z._default(z.array(z.object({ id: z.string(), name: z.string(), status: z.string() })), []),
  total_pages: z.optional(z.number()),
});

export const Subscription = z.object({
  id: z.string(),
  plan_id: z.string(),
  status: z.enum(["APPROVAL_PENDING", "APPROVED", "ACTIVE", "SUSPENDED", "CANCELLED", "EXPIRED"]),
  status_update_time: z.optional(z.string()),
  status_change_note: z.optional(z.string()),
  start_time: z.optional(z.string()),
  create_time: z.optional(z.string()),
  /** When it last changed (status, cycles, a payment): the time a read of it is as new as. */
  update_time: z.optional(z.string()),
  custom_id: z.optional(z.string()),
  subscriber: z.optional(z.object({ email_address: z.optional(z.string()) })),
  billing_info: z.optional(
    z.object({
      outstanding_balance: z.optional(Money),
      cycle_executions: z._default(
        z.array(
          z.object({
            tenure_type: z.string(),
            sequence: z.number(),
            cycles_completed: z.number(),
            total_cycles: z.optional(z.number()),
          }),
        ),
        [],
      ),
      last_payment: z.optional(z.object({ amount: Money, time: z.string() })),
      next_billing_time: z.optional(z.string()),
      failed_payments_count: z.optional(z.number()),
    }),
  ),
  links: z._default(z.array(Link), []),
});
export type Subscription = z.infer<typeof Subscription>;

/** POST /v1/billing/subscriptions/{id}/revise's answer: the plan asked for, and where the buyer approves it. */
export const Revision = z.object({
  plan_id: z.string(),
  effective_time: z.optional(z.string()),
  links: z._default(z.array(Link), []),
});

export const Sale = z.object({
  id: z.string(),
  state: z.string(),
  amount: z.object({ total: z.string(), currency: z.string() }),
  billing_agreement_id: z.optional(z.string()),
  custom: z.optional(z.string()),
  create_time: z.optional(z.string()),
});
export type Sale = z.infer<typeof Sale>;

/** A sale's refund (Payments v1): POST /v1/payments/sale/{id}/refund's answer. */
export const SaleRefund = z.object({
  id: z.string(),
  state: z.string(),
  amount: z.object({ total: z.string(), currency: z.string() }),
  sale_id: z.optional(z.string()),
});

const Transactions = z.object({
  transactions: z._default(z.array(z.object({ id: z.string(), status: z.string(), time: z.string() })), []),
});

export interface NewSubscription {
  planId: string;
  /** Payloft's checkout record id: comes back on the subscription and on each sale (`custom`). */
  customId: string;
  brandName: string;
  returnUrl: string;
  cancelUrl: string;
  email?: string;
}

const id = encodeURIComponent;

export function paypalBilling(c: PayPalCredentials) {
  return {
    getProduct: (productId: string) =>
      paypalCall(c, "GET", `/v1/catalogs/products/${id(productId)}`, { schema: CatalogProduct }),
    createProduct: (p: { id: string; name: string; description?: string }) =>
      paypalCall(c, "POST", "/v1/catalogs/products", {
        requestId: `product-${p.id}`,
        schema: CatalogProduct,
        body: { id: p.id, name: p.name, type: "DIGITAL", ...(p.description ? { description: p.description } : {}) },
      }),
    updateProductDescription: (productId: string, description: string) =>
      paypalCall(c, "PATCH", `/v1/catalogs/products/${id(productId)}`, {
        body: [{ op: "replace", path: "/description", value: description }],
      }),
    listPlans: (productId: string, page = 1) =>
      paypalCall(c, "GET", `/v1/billing/plans?product_id=${id(productId)}&page_size=20&page=${page}`, {
        schema: PlanList,
      }),
    getPlan: (planId: string) => paypalCall(c, "GET", `/v1/billing/plans/${id(planId)}`, { schema: Plan }),
    createPlan: (body: unknown, requestId: string) =>
      paypalCall(c, "POST", "/v1/billing/plans", { body, requestId, schema: Plan, prefer: "return=representation" }),
    deactivatePlan: (planId: string) => paypalCall(c, "POST", `/v1/billing/plans/${id(planId)}/deactivate`, {}),
    createSubscription: (s: NewSubscription) =>
      paypalCall(c, "POST", "/v1/billing/subscriptions", {
        requestId: `subscribe-${s.customId}`,
        schema: Subscription,
        prefer: "return=representation",
        body: {
          plan_id: s.planId,
          custom_id: s.customId,
          ...(s.email ? { subscriber: { email_address: s.email } } : {}),
          application_context: {
            brand_name: s.brandName.slice(0, 127),
            shipping_preference: "NO_SHIPPING",
            user_action: "SUBSCRIBE_NOW",
            return_url: s.returnUrl,
            cancel_url: s.cancelUrl,
          },
        },
      }),
    getSubscription: (subId: string) =>
      paypalCall(c, "GET", `/v1/billing/subscriptions/${id(subId)}`, { schema: Subscription }),
    /** A cycle's total_cycles (0: no end): how a membership is set to end at its period's end, or to go on. */
    setTotalCycles: (subId: string, sequence: number, total: number) =>
      paypalCall(c, "PATCH", `/v1/billing/subscriptions/${id(subId)}`, {
        body: [{ op: "replace", path: `/plan/billing_cycles/@sequence==${sequence}/total_cycles`, value: total }],
      }),
    /** A plan change the buyer approves at the answer's `approve` link; PayPal bills the new plan from the next cycle. */
    reviseSubscription: (subId: string, planId: string, returnUrl: string, cancelUrl: string) =>
      paypalCall(c, "POST", `/v1/billing/subscriptions/${id(subId)}/revise`, {
        schema: Revision,
        body: {
          plan_id: planId,
          application_context: { shipping_preference: "NO_SHIPPING", return_url: returnUrl, cancel_url: cancelUrl },
        },
      }),
    cancelSubscription: (subId: string, reason: string) =>
      paypalCall(c, "POST", `/v1/billing/subscriptions/${id(subId)}/cancel`, { body: { reason } }),
    transactions: (subId: string, from: string, to: string) =>
      paypalCall(
        c,
        "GET",
        `/v1/billing/subscriptions/${id(subId)}/transactions?start_time=${id(from)}&end_time=${id(to)}`,
        { schema: Transactions },
      ).then((t) => t.transactions),
    getSale: (saleId: string) => paypalCall(c, "GET", `/v1/payments/sale/${id(saleId)}`, { schema: Sale }),
    /** The whole of what is left of a sale (an empty body, as PayPal's v1 wants for a full refund). */
    refundSale: (saleId: string, requestId: string) =>
      paypalCall(c, "POST", `/v1/payments/sale/${id(saleId)}/refund`, { body: {}, requestId, schema: SaleRefund }),
  };
}

export type PayPalBilling = ReturnType<typeof paypalBilling>;
export const approveLinkOf = (s: { links: { rel: string; href: string }[] }) =>
  s.links.find((l) => l.rel === "approve")?.href;
