import { useCallback, useState } from "react";
import { useNavigate } from "react-router-dom";
import { useQueryClient } from "@tanstack/react-query";
import { PLANS, type SelectablePlanId } from "@payloft/core/plan/plans";
import { useSession } from "@/lib/session";
import { toast } from "@/components/ui/toast";
import { checkoutErrorText, createCheckoutSession, createLifetimeCheckout } from "@/features/plans/api/checkout";
import { confirmDialog } from "@/components/ui/ConfirmDialog";
import { profileQuery } from "@/lib/profile";
import { postRole } from "@/lib/setRole";
import { customerNameFor } from "./customerName";
import { storeSelection, type StoredCycle } from "@/lib/planSelection";

/**
 * The pricing / lifetime-deal choice: signed out → remember the
 * choice and sign in; no role yet → remember it and pick a role; a customer is first offered
 * to start selling (plans are for creators, rule: Plans are for creators); then start the platform checkout
 * and leave for its page. `busy` is the plan being processed.
 */
export function useChoosePlan() {
  const { user } = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<SelectablePlanId | null>(null);

  const choose = useCallback(
    async (plan: SelectablePlanId, cycle: StoredCycle) => {
      setBusy(plan);
      try {
        if (!user) {
          storeSelection(plan, cycle);
          navigate("/login");
          return;
        }
        const profile = await queryClient.fetchQuery(profileQuery()).catch(() => null);
        if (!profile?.role) {
          storeSelection(plan, cycle);
          navigate("/role-selection");
          return;
        }
        if (profile.role === "customer" && !profile.is_admin) {
          const ok = await confirmDialog({
            title: "Start selling on Payloft?",
            message: `Plans are for creators. Start selling to switch your account to a creator account, then continue with ${
              plan === "lifetime" ? "Lifetime Access" : `the ${PLANS[plan].name} plan`
            }.`,
            confirmLabel: "Start selling",
          });
          if (!ok) return setBusy(null);
          try {
            queryClient.setQueryData(profileQuery().queryKey, await postRole("creator"));
          } catch {
            toast("Failed to set creator role", "error");
            return setBusy(null);
          }
        }
        const customer_name = customerNameFor(profile.name, user.google_user_data?.name, user.email);
        const url =
          plan === "lifetime"
            ? await createLifetimeCheckout({ customer_name })
            : await createCheckoutSession({
                plan,
                billing_cycle: cycle === "yearly" ? "yearly" : "monthly",
                customer_name,
              });
        window.location.assign(url);
        // Keep the card busy while the browser leaves for the checkout page.
        return;
      } catch (err) {
        toast(checkoutErrorText(err), "error");
      }
      setBusy(null);
    },
    [user, navigate, queryClient],
  );

  return { choose, busy };
}
