import { useEffect } from "react";

/**
 * POST /api/public/products/{id}/view once per visit (per tab session), for the seller's
 * conversion rate. Fire-and-forget: a lost beacon must never disturb the buyer.
 */
export function useRecordView(productId: string, enabled: boolean) {
  useEffect(() => {
    if (!enabled) return;
    const key = `payloft:viewed:${productId}`;
    try {
      if (sessionStorage.getItem(key)) return;
      sessionStorage.setItem(key, "1");
    } catch {
      // storage disabled: still count this view
    }
    fetch(`/api/public/products/${encodeURIComponent(productId)}/view`, {
      method: "POST",
      keepalive: true,
      credentials: "include",
    })
      .then((res) => res.text()) // read to the end, so the request completes
      .catch(() => {});
  }, [productId, enabled]);
}
