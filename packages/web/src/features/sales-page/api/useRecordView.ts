import { useEffect } from "react";
import { viewedKey, visitSource } from "@/lib/visit";

/**
 * POST /api/public/products/{id}/view {referrer?, utm_*?} once per visit (per tab session),
 * for the seller's conversion rate and traffic sources. Fire-and-forget: a lost beacon must
 * never disturb the buyer.
 */
export function useRecordView(productId: string, enabled: boolean) {
  useEffect(() => {
    if (!enabled) return;
    const key = viewedKey(productId);
    const visit = visitSource();
    try {
      if (sessionStorage.getItem(key)) return;
      sessionStorage.setItem(key, JSON.stringify(visit));
    } catch {
      // storage disabled: still count this view
    }
    fetch(`/api/public/products/${encodeURIComponent(productId)}/view`, {
      method: "POST",
      keepalive: true,
      credentials: "include",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(visit),
    })
      .then((res) => res.text()) // read to the end, so the request completes
      .catch(() => {});
  }, [productId, enabled]);
}
