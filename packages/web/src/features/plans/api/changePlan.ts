import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api";
import { billingQuery } from "./billing";
import { profileQuery } from "@/lib/profile";

/** POST /api/platform/change-plan: in-place change of the running subscription, or a checkout url. */
export type ChangePlanResult = { status: "updating" } | { status: "updated"; plan: string } | { url: string };

export function useChangePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { plan: string; billing_cycle: "monthly" | "yearly" }) =>
      apiFetch<ChangePlanResult>("/api/platform/change-plan", { method: "POST", body: input }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: billingQuery().queryKey });
      void queryClient.invalidateQueries({ queryKey: profileQuery().queryKey });
    },
  });
}
