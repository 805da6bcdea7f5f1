/**
 * Where a sales-page visit came from (the referring page and the utm_* tags of the link), as the
 * view beacon counts it and a checkout or claim sends it (`visit`), so traffic analytics credits
 * the sale to the source of the visit that led to it.
 */
export type Visit = Record<string, string>;

/** The current page's visit. */
export function visitSource(): Visit {
  const params = new URLSearchParams(window.location.search);
  const out: Visit = {};
  if (document.referrer) out.referrer = document.referrer.slice(0, 2000);
  for (const key of ["utm_source", "utm_medium", "utm_campaign"]) {
    const value = params.get(key);
    if (value) out[key] = value.slice(0, 200);
  }
  return out;
}

/** Where this tab keeps the visit a product's view was counted with. */
export const viewedKey = (productId: string) => `payloft:viewed:${productId}`;

/** The visit this tab's view of the product was counted with, if it was. */
function keptVisit(productId: string): Visit | undefined {
  try {
    const kept: unknown = JSON.parse(sessionStorage.getItem(viewedKey(productId)) ?? "null");
    if (kept && typeof kept === "object" && !Array.isArray(kept)) return kept as Visit;
  } catch {
    // storage disabled or an older marker
  }
  return undefined;
}

/**
 * The visit a purchase of the product is credited to: the one this tab's view was counted with
 * (so a buyer back from a cancelled payment page without the utm_* tags keeps their source), the
 * current page's otherwise.
 */
export const visitOf = (productId: string): Visit => keptVisit(productId) ?? visitSource();

/**
 * A cart's visit: the one its earliest item was added from (the cart is one creator's, and that
 * is where the buyer came in), else the page it is checked out from.
 */
export const cartVisit = (items: { visit?: Visit }[]): Visit => items.find((i) => i.visit)?.visit ?? visitSource();
