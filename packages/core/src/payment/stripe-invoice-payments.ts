import type Stripe from "stripe";

/**
 * A membership's charges are invoices' payments, not Checkout Sessions' (Stripe's
 * InvoicePayment objects, API 2025-03-31 and later): the first charge is the subscription's
 * first invoice, each renewal another. These two reads link a payment intent and its invoice
 * both ways, for refunds and disputes of those charges.
 */
const idOf = (v: string | { id: string } | null | undefined) => (typeof v === "string" ? v : v?.id);

/** The payment intent that paid an invoice, if it was paid. */
export async function paymentIntentOfInvoice(stripe: Stripe, invoiceId: string): Promise<string | undefined> {
  const payments = await stripe.invoicePayments.list({ invoice: invoiceId, limit: 10 });
  const paid = payments.data.find((p) => p.status === "paid");
  return paid?.payment.type === "payment_intent" ? idOf(paid.payment.payment_intent) : undefined;
}

/**
 * The sale a payment intent paid when it paid an invoice: a renewal is recorded under its
 * invoice's id, a subscription's first invoice under the Checkout Session that started it.
 */
export async function saleOfInvoicePayment(stripe: Stripe, paymentIntent: string): Promise<string | undefined> {
  const payments = await stripe.invoicePayments.list({
    payment: { type: "payment_intent", payment_intent: paymentIntent },
    limit: 1,
  });
  const invoiceId = idOf(payments.data[0]?.invoice);
  if (!invoiceId) return undefined;
  const invoice = await stripe.invoices.retrieve(invoiceId);
  if (invoice.billing_reason !== "subscription_create") return invoiceId;
  const subscription = idOf(invoice.parent?.subscription_details?.subscription);
  if (!subscription) return undefined;
  const sessions = await stripe.checkout.sessions.list({ subscription, limit: 1 });
  return sessions.data[0]?.id;
}
