import { useEffect } from "react";

/** Where this visit came from: the referring page and the utm_* tags of the link. */
export function visitSource(): Record<string, string> {
  const params = new URLSearchParams(window.location.search);
  const out: Record<string, string> = {};
  if (document.referrer) out.referrer = document.referrer.slice(0, 2000);
  for (const key of ["utm_source", "utm_medium", "utm_campaign"]) {
    const value = params.get(key);
    if (value) out[key] = value.slice(0, 200);
  }
  return out;
}

const viewedKey = (productId: string) => `payloft:viewed:${productId}`;

/**
 * The visit this tab's view of the product was counted with (kept with the view), so a
 * purchase is credited to the same source even after the buyer came back from a cancelled
 * payment page without the utm_* tags; the current page's otherwise. Sent with the checkout.
 */
export function visitOf(productId: string): Record<string, string> {
  try {
    const kept: unknown = JSON.parse(sessionStorage.getItem(viewedKey(productId)) ?? "null");
    if (kept && typeof kept === "object" && !Array.isArray(kept)) return kept as Record<string, string>;
  } catch {
    // storage disabled or an older marker: the current page's visit
  }
  return visitSource();
}

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
