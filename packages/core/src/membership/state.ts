import { MembershipEntity, type MembershipItem } from "../db/entities";
import { getProduct } from "../product/view";
import { transact } from "../product/store";
import { AGAIN, retry } from "../retry";
import type { State } from "./stripe";

/**
 * Applying what the provider said about a membership at `at` (Unix seconds, the provider's own
 * time). Delivery is at least once and in any order, so: news older than the state we hold
 * changes nothing, `ended` is final, and the product's member count goes down exactly once, in
 * the same transaction as the write that ends the membership (its condition decides who ends it).
 */
export const iso = (seconds: number) => new Date(seconds * 1000).toISOString();

export const loadMembership = async (id: string): Promise<MembershipItem | null> =>
  (await MembershipEntity.get({ id }).go({ consistent: true })).data ?? null;

export type Applied = "applied" | "stale" | "missing";

export function applyState(id: string, at: number, state: State): Promise<Applied> {
  return retry<Applied>(
    async () => {
      const current = await loadMembership(id);
      if (!current) return "missing";
      if (current.status === "ended" || current.provider_time > at) return "stale";
      // Stamped with the provider's time of the end (or of the news), never our own clock: a late
      // event, or a sandbox clock ahead of ours, must still churn the member on the provider's day.
      const endedAt = iso(state.ended_at ?? at);
      const canceledAt = iso(state.canceled_at ?? at);
      const ending = state.status === "ended";
      const retiered = state.tier !== current.tier;
      const product = ending || retiered ? await getProduct(current.product_id) : null;
      // A change of tier (the buyer's, or the seller's at the provider) shows the tier's name.
      const tierName = retiered ? product?.tiers?.find((t) => t.id === state.tier)?.name : undefined;
      const codes = await transact(({ membership, product: products }) => [
        membership
          .patch({ id })
          .set({
            status: state.status,
            current_period_end: iso(state.current_period_end),
            cancel_at_period_end: state.cancel_at_period_end,
            amount: state.amount,
            currency: state.currency,
            tier: state.tier,
            interval: state.interval,
            provider_time: at,
            ...(tierName ? { tier_name: tierName } : {}),
            ...(state.cancel_at_period_end && !current.canceled_at ? { canceled_at: canceledAt } : {}),
            ...(ending ? { ended_at: endedAt } : {}),
          })
          .where((a, op) => `${op.lte(a.provider_time, at)} AND ${op.ne(a.status, "ended")}`)
          .commit(),
        // The count that keeps a product with members from turning one-time (product/edit.ts).
        ...(ending && product ? [products.patch({ id: product.id }).add({ member_count: -1 }).commit()] : []),
      ]);
      if (!codes) return "applied";
      // Someone else wrote it in between (a newer event, or the end): decide again on what is there now.
      if (codes[0] === "ConditionalCheckFailed") return AGAIN;
      throw new Error(`could not apply the state of membership ${id}: ${codes.join(", ")}`);
    },
    { attempts: 4, exhausted: () => new Error(`membership ${id} kept changing`) },
  );
}
