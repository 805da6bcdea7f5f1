import { useMutation } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api";

/** POST /api/recovery/unsubscribe {token}: the recovery e-mail's unsubscribe link. */
export type Unsubscribed = { email: string; unsubscribed: true };

export function useUnsubscribe() {
  return useMutation({
    mutationFn: (token: string) =>
      apiFetch<Unsubscribed>("/api/recovery/unsubscribe", { method: "POST", body: { token } }),
  });
}
