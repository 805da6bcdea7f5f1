import { commissionOf } from "../affiliate/commission";
import type { MembershipItem } from "../db/entities";
import { runAfterFulfilment } from "../purchase/after";
import { recordPurchases } from "../purchase/ledger";
import { purchaseById } from "../purchase/records";
import { getProduct } from "../product/view";
import type { State } from "./stripe";

/**
 * A membership's later charge (a renewal, a retried payment, a trial's first charge) is a sale
 * of its own: a purchase keyed by the provider's invoice id (so a duplicate event records it
 * once), tagged `renewal`, delivering what the first sale delivered (its snapshot), with its
 * receipt. Its licence key stays the first sale's; access follows the membership. A plan change's
 * prorated invoice is `renewal` too (a later sale), of kind `plan_change`, naming the new plan:
 * Sales History and the receipt say what it was.
 */
export interface Charge {
  ref: string;
  amount: number;
  currency: string;
  payment_ref?: string;
  renewal: boolean;
  kind?: "renewal" | "plan_change";
}

const EVERY = { month: "monthly", quarter: "quarterly", year: "yearly" } as const;

/** "Basic, paid yearly": the plan the charge's state is on, named as the product names its tier today. */
async function planName(m: MembershipItem, state: State): Promise<string> {
  const tier =
    (await getProduct(m.product_id))?.tiers?.find((t) => t.id === state.tier)?.name ??
    (state.tier === m.tier ? m.tier_name : undefined) ??
    state.tier;
  return `${tier}, paid ${EVERY[state.interval]}`;
}

const affiliateOf = (m: MembershipItem) => ({ affiliate_id: m.affiliate_id, affiliate_percent: m.affiliate_percent });

export async function recordCharge(m: MembershipItem, charge: Charge, state?: State): Promise<void> {
  const first = await purchaseById(m.purchase_id, { consistent: true });
  if (!first) throw new Error(`membership ${m.id} has no first sale ${m.purchase_id} yet`);
  const plan = charge.kind === "plan_change" && state ? await planName(m, state) : undefined;
  await recordPurchases([
    {
      id: charge.ref,
      product_id: m.product_id,
      product_name: first.product_name,
      product_description: first.product_description ?? "",
      content_url: first.content_url,
      content_file: first.content_file,
      content_file_name: first.content_file_name,
      creator_id: m.creator_id,
      creator_name: first.creator_name ?? "",
      customer_email: m.customer_email,
      customer_user_id: m.customer_user_id,
      amount: charge.amount,
      currency: charge.currency,
      provider: m.provider,
      ...(charge.payment_ref ? { payment_intent: charge.payment_ref } : {}),
      membership_id: m.id,
      renewal: charge.renewal,
      ...(charge.kind ? { charge_kind: charge.kind } : {}),
      ...(plan ? { plan_name: plan } : {}),
      // The affiliate who brought the member earns on every charge, at the rate of their checkout.
      ...(await commissionOf({ ...affiliateOf(m), amount: charge.amount }, m.customer_email)),
    },
  ]);
  const stored = (await purchaseById(charge.ref, { consistent: true }))!;
  if (stored.status === "completed") await runAfterFulfilment(stored);
}
