import { getProduct } from "../product/view";
import { storeOf } from "../store/branding";
import { Config } from "../config/index";
import { byCode, clickCookie, earns, readEntries, refCode, type Visitor } from "./visit";

/**
 * A click through /r/{code}, and what a checkout takes from the attribution
 * (rule: Affiliates by consent). The cookie itself and a sales page's ?ref= are ./visit.ts,
 * which the page Lambda bundles without ElectroDB.
 */
export { DEFAULT_COOKIE_DAYS, REF_COOKIE, readEntries, refCode, visitWithRef } from "./visit";

/**
 * GET /r/{code}[?product=id]: where the link goes (the product when it is the creator's, else
 * their store, else the site) and the cookie it sets. An unknown, paused or removed code still
 * redirects, without attribution.
 */
export async function followLink(
  code: string,
  productId: string | undefined,
  cookie: string | undefined,
  visitor: Visitor = {},
): Promise<{ location: string; setCookie?: string }> {
  const a = await byCode(code.toLowerCase());
  const product = productId ? await getProduct(productId) : null;
  const site = Config.siteUrl();
  if (!a) return { location: `${site}${product ? `/product/${encodeURIComponent(product.id)}` : "/"}` };
  const own = product && product.creator_id === a.creator_id ? product : null;
  let path = own ? `/product/${encodeURIComponent(own.id)}` : null;
  if (!path) {
    const store = await storeOf(a.creator_id);
    path = store ? `/s/${encodeURIComponent(store.handle)}` : "/";
  }
  const setCookie = await clickCookie(a, cookie, visitor);
  return { location: `${site}${path}`, ...(setCookie ? { setCookie } : {}) };
}

export interface Referral {
  affiliate_id?: string;
  affiliate_percent?: number;
}

/**
 * What a new checkout records: the affiliate of `ref` (a code the page passed along: the overlay
 * on another site, whose frame may not see our cookie), else the creator's entry in the cookie,
 * if that affiliate may earn on this product now.
 */
export async function referralFor(
  product: { id: string; creator_id: string },
  cookie?: string,
  ref?: string,
): Promise<Referral> {
  const fromCookie = readEntries(cookie).find((e) => e.creator === product.creator_id)?.code;
  for (const code of [refCode(ref), fromCookie]) {
    const a = code ? await byCode(code) : null;
    if (a && a.creator_id === product.creator_id && (await earns(a, product.id)))
      return { affiliate_id: a.id, affiliate_percent: a.commission_percent };
  }
  return {};
}

/**
 * An order's (a cart, a bump): the affiliate who may earn on any of its products now. Each of
 * its purchases then earns only on a product the affiliate may earn on (commissionOf's
 * `line_product_id`).
 */
export async function referralForOrder(
  products: { id: string; creator_id: string }[],
  cookie?: string,
  ref?: string,
): Promise<Referral> {
  for (const product of products) {
    const referral = await referralFor(product, cookie, ref);
    if (referral.affiliate_id) return referral;
  }
  return {};
}
