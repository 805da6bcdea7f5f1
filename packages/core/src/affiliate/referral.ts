import { AffiliateEntity, UniqueEntity, type AffiliateItem } from "../db/entities";
import { getProduct } from "../product/view";
import { storeOf } from "../store/branding";
import { userById } from "../user/read";
import { Config } from "../config/index";
import { allows } from "../plan/gate";
import { CODE_SCOPE } from "./shape";

/**
 * Attribution (rule: Affiliates by consent): the first-party cookie an affiliate link sets, and
 * what a checkout takes from it. The cookie holds one entry per creator, `<creator>.<code>.<until>`
 * (epoch seconds) joined by `|`: a later link to the same creator replaces theirs (last click
 * wins), links to other creators keep their own windows.
 */
export const REF_COOKIE = "payloft_ref";
export const DEFAULT_COOKIE_DAYS = 30;
const MAX_ENTRIES = 10;

type Entry = { creator: string; code: string; until: number };

export function readEntries(cookie: string | undefined, now = Date.now() / 1000): Entry[] {
  return (cookie ?? "")
    .split("|")
    .map((e) => e.split("."))
    .filter((p) => p.length === 3 && /^[\w-]{1,64}$/.test(p[0]!) && /^[a-z0-9]{1,16}$/.test(p[1]!))
    .map(([creator, code, until]) => ({ creator: creator!, code: code!, until: Number(until) }))
    .filter((e) => Number.isFinite(e.until) && e.until > now);
}

/** The Set-Cookie for a click on `code` (creator's window, in days). */
function setCookie(existing: string | undefined, a: AffiliateItem, days: number): string {
  const now = Math.floor(Date.now() / 1000);
  const until = now + days * 86_400;
  const kept = readEntries(existing, now).filter((e) => e.creator !== a.creator_id);
  const entries = [{ creator: a.creator_id, code: a.code, until }, ...kept].slice(0, MAX_ENTRIES);
  const value = entries.map((e) => `${e.creator}.${e.code}.${e.until}`).join("|");
  const maxAge = Math.max(...entries.map((e) => e.until)) - now;
  return `${REF_COOKIE}=${value}; Path=/; Max-Age=${maxAge}; HttpOnly; Secure; SameSite=Lax`;
}

async function byCode(code: string): Promise<AffiliateItem | null> {
  if (!/^[a-z0-9]{1,16}$/.test(code)) return null;
  const claim = (await UniqueEntity.get({ scope: CODE_SCOPE, value: code }).go()).data;
  return claim ? (await AffiliateEntity.get({ id: claim.owner_id }).go()).data : null;
}

/** The creator still offers affiliates (Pro or Business) and this affiliate may earn on this product. */
async function earns(a: AffiliateItem, productId?: string): Promise<boolean> {
  if (a.status !== "active") return false;
  if (productId && !a.all_products && !a.product_ids.includes(productId)) return false;
  const creator = await userById(a.creator_id);
  return !!creator && allows(creator, "affiliates");
}

/**
 * The Set-Cookie of a click on `a`'s code, in the creator's window (their affiliate_cookie_days),
 * or undefined when the click attributes nothing: a paused or removed affiliate, or a creator
 * whose plan no longer offers affiliates.
 */
async function clickCookie(a: AffiliateItem, cookie: string | undefined): Promise<string | undefined> {
  if (!(await earns(a))) return undefined;
  const creator = await userById(a.creator_id, { attributes: ["affiliate_cookie_days"] });
  return setCookie(cookie, a, creator?.affiliate_cookie_days ?? DEFAULT_COOKIE_DAYS);
}

/**
 * GET /r/{code}[?product=id]: where the link goes (the product when it is the creator's, else
 * their store, else the site) and the cookie it sets. An unknown, paused or removed code still
 * redirects, without attribution.
 */
export async function followLink(
  code: string,
  productId: string | undefined,
  cookie: string | undefined,
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
  const setCookie = await clickCookie(a, cookie);
  return { location: `${site}${path}`, ...(setCookie ? { setCookie } : {}) };
}

/** `?ref=` as sent: an affiliate code, or nothing (anything else can name no affiliate). */
export const refCode = (raw: string | null | undefined): string => {
  const code = (raw ?? "").trim().toLowerCase();
  return /^[a-z0-9]{1,16}$/.test(code) ? code : "";
};

/**
 * `?ref={code}` on one of `creatorId`'s sales pages (/product, /p, /overlay) or their store
 * (/s): the same cookie as following /r/{code}, set by the page itself. A code of another
 * creator's affiliate attributes nothing here (the cookie is kept per creator).
 */
export async function visitWithRef(
  ref: string,
  creatorId: string,
  cookie: string | undefined,
): Promise<string | undefined> {
  const a = refCode(ref) ? await byCode(refCode(ref)) : null;
  return a && a.creator_id === creatorId ? clickCookie(a, cookie) : undefined;
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
