import { PLAN_IDS, PLANS } from "@payloft/core/plan/plans";
import { ButtonLink } from "@/components/ui/ButtonLink";
import { IconSparkles } from "@/components/ui/icons";
import { useDashboardStats } from "@/lib/stats";

/** The plan's product limit when the creator has reached it (null: not reached, unlimited, or not known yet). */
export function useReachedLimit(enabled: boolean): number | null {
  const stats = useDashboardStats();
  const s = stats.data;
  if (!enabled || !s || s.productLimit === null) return null;
  return s.totalProducts >= s.productLimit ? s.productLimit : null;
}

/** The server's words for the limit (a 403 {error, limit} from POST /api/products says the same). */
export const limitMessage = (limit: number) =>
  `You've reached your plan limit of ${limit} product(s). Please upgrade your plan to add more products.`;

/** The cheapest plan that allows more products than `limit` (the plan table's order is by price). */
const planAbove = (limit: number) =>
  PLANS[PLAN_IDS.find((id) => PLANS[id].productLimit === null || PLANS[id].productLimit! > limit) ?? "business"];

/**
 * What the creation dialog shows, instead of a form that could not be saved, when the plan's
 * product limit is reached: the limit message (the server's own words) and a way to upgrade.
 */
export function PlanLimitNotice({ limit }: { limit: number }) {
  const plan = planAbove(limit);
  return (
    <div role="alert" className="flex flex-col gap-4 rounded-2xl border border-brand-200 bg-brand-50 p-5">
      <div className="flex gap-3">
        <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-xl bg-brand-600 text-white">
          <IconSparkles className="h-5 w-5" />
        </span>
        <p className="text-sm font-medium text-slate-900">{limitMessage(limit)}</p>
      </div>
      <p className="text-sm text-slate-600">
        {plan.name} allows {plan.productLimit === null ? "unlimited products" : `${plan.productLimit} products`}. You
        can also delete a product you no longer sell.
      </p>
      <ButtonLink to={`/onboarding?upgrade=${plan.id}`} className="self-start">
        Upgrade to {plan.name}
      </ButtonLink>
    </div>
  );
}
