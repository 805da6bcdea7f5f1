import { isSelectablePlan, type SelectablePlanId } from "@payloft/core/plan/plans";

/**
 * The plan picked before signing in or choosing a role: kept in
 * sessionStorage under the spec's keys so onboarding can preselect it, then cleared.
 */
const PLAN_KEY = "selectedPlan";
const CYCLE_KEY = "selectedBillingCycle";

export type StoredCycle = "monthly" | "yearly" | "lifetime";

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null; // private modes may refuse storage; the flow still works without preselection
  }
}

export function storeSelection(plan: SelectablePlanId, cycle: StoredCycle) {
  storage()?.setItem(PLAN_KEY, plan);
  storage()?.setItem(CYCLE_KEY, cycle);
}

/** Only the five known plan ids are honoured. */
export function readSelection(): { plan: SelectablePlanId | null; cycle: string | null } {
  const plan = storage()?.getItem(PLAN_KEY) ?? null;
  return { plan: isSelectablePlan(plan) ? plan : null, cycle: storage()?.getItem(CYCLE_KEY) ?? null };
}

export function clearSelection() {
  storage()?.removeItem(PLAN_KEY);
  storage()?.removeItem(CYCLE_KEY);
}
