import { invalidRequest, notFound, unprocessable } from "./errors";
import { setStatus, showSubscription } from "./subscriptions";
import type { Json, Merchant, PayPalObject } from "./store";
import type { PayPal } from "./context";

/**
 * What a seller's app does to a running subscription (Subscriptions v1): cancel, suspend,
 * activate with a reason, PATCH a cycle's total_cycles, list its transactions. The statuses
 * each is allowed from, and the refusals, are PayPal's.
 */
const reasonOf = (body: Json) => {
  if (typeof body.reason !== "string" || !body.reason.trim() || body.reason.length > 128)
    throw invalidRequest("INVALID_PARAMETER_SYNTAX", "reason is required, 1 to 128 characters.", "/reason");
  return body.reason;
};

/** POST .../cancel | suspend | activate (a reason each), as PayPal: 422 from the wrong status. */
export function changeSubscription(pp: PayPal, m: Merchant, s: PayPalObject, action: string, body: Json) {
  const reason = reasonOf(body);
  const from: Record<string, string[]> = {
    cancel: ["ACTIVE", "SUSPENDED"],
    suspend: ["ACTIVE"],
    activate: ["SUSPENDED"],
  };
  if (!from[action]!.includes(s.status))
    throw unprocessable("SUBSCRIPTION_STATUS_INVALID", `Invalid subscription status for ${action} action.`);
  s.status_change_note = reason;
  const [status, event] =
    action === "cancel"
      ? ["CANCELLED", "BILLING.SUBSCRIPTION.CANCELLED"]
      : action === "suspend"
        ? ["SUSPENDED", "BILLING.SUBSCRIPTION.SUSPENDED"]
        : ["ACTIVE", "BILLING.SUBSCRIPTION.RE-ACTIVATED"];
  setStatus(pp, s, status);
  if (status === "CANCELLED") s._next = s._retry_at = null;
  pp.events.emit(m, event, showSubscription(pp, s));
}

const TOTAL_CYCLES = /^\/?plan\/billing_cycles\/@sequence==(\d+)\/total_cycles$/;

/** PATCH /v1/billing/subscriptions/:id: what the product changes is a cycle's total_cycles. */
export function patchSubscription(pp: PayPal, m: Merchant, s: PayPalObject, body: unknown) {
  if (!Array.isArray(body) || body.length === 0)
    throw invalidRequest("MALFORMED_REQUEST_JSON", "The request is a JSON Patch array.");
  if (s.status !== "ACTIVE" && s.status !== "SUSPENDED")
    throw unprocessable(
      "SUBSCRIPTION_STATUS_INVALID",
      "Invalid subscription status for patch action; subscription status should be either active or suspended.",
    );
  const cycles = s._cycles as Json[];
  const changes = (body as Json[]).map((op) => {
    const match = TOTAL_CYCLES.exec(String(op?.path ?? ""));
    if (!match || op.op !== "replace")
      throw unprocessable("UNSUPPORTED_PATCH_OPERATION", `The operation ${op?.op} on ${op?.path} is not supported.`);
    const i = cycles.findIndex((c) => c.sequence === Number(match[1]));
    if (i < 0) throw unprocessable("INVALID_BILLING_CYCLE_SEQUENCE", "No billing cycle has this sequence.");
    const value = op.value;
    if (!Number.isInteger(value) || value < 0 || value > 999)
      throw invalidRequest("INVALID_PARAMETER_VALUE", "total_cycles is 0 (infinite) to 999.", op.path);
    const done =
      i < s._cycle || (cycles[i]!.total_cycles !== 0 && s._completed[i] >= cycles[i]!.total_cycles && i !== s._cycle);
    if (done)
      throw unprocessable(
        "BILLING_CYCLE_EXECUTION_COMPLETED",
        "Update cannot be performed on a billing cycle that has completed execution.",
      );
    if (value !== 0 && value < s._completed[i])
      throw unprocessable(
        "INVALID_BILLING_TOTAL_CYCLES",
        "The total cycles cannot be less than the number of billing cycles completed.",
      );
    if (cycles[i]!.tenure_type === "TRIAL" && value === 0)
      throw unprocessable("INVALID_TRIAL_BILLING_TOTAL_CYCLES", "A trial cycle cannot be infinite.");
    return { i, value };
  });
  for (const { i, value } of changes) cycles[i]!.total_cycles = value;
  s.plan_overridden = true;
  s.update_time = pp.store.billingIso();
  pp.store.changed();
  pp.events.emit(m, "BILLING.SUBSCRIPTION.UPDATED", showSubscription(pp, s));
}

/** GET .../transactions?start_time=&end_time= (both required, ISO): the subscription's sales. */
export function transactionsOf(m: Merchant, s: PayPalObject, query: URLSearchParams) {
  const start = Date.parse(query.get("start_time") ?? "");
  const end = Date.parse(query.get("end_time") ?? "");
  if (Number.isNaN(start) || Number.isNaN(end))
    throw invalidRequest("INVALID_PARAMETER_SYNTAX", "start_time and end_time are required ISO times.", "start_time");
  const transactions = Object.values(m.sales)
    .filter((x) => x.billing_agreement_id === s.id)
    .filter((x) => Date.parse(x.create_time) >= start && Date.parse(x.create_time) <= end)
    .sort((a, b) => a.create_time.localeCompare(b.create_time))
    .map((x) => ({
      id: x.id,
      status: "COMPLETED",
      amount_with_breakdown: {
        gross_amount: { currency_code: x.amount.currency, value: x.amount.total },
        fee_amount: { currency_code: x.transaction_fee.currency, value: x.transaction_fee.value },
      },
      payer_email: s.subscriber?.email_address,
      time: x.create_time,
    }));
  return { transactions, total_items: transactions.length, total_pages: 1, links: [] };
}

export const subscriptionOf = (m: Merchant, id: string) => {
  const s = m.subscriptions[id];
  if (!s) throw notFound("The specified resource does not exist.");
  return s;
};
