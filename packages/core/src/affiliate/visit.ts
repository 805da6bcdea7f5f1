import type { AffiliateItem } from "../db/entities/affiliate";
import type { UniqueItem } from "../db/entities/unique";
import { getItem } from "../db/lean/items";
import { affiliateSchema } from "../db/schemas/affiliate";
import { uniqueSchema } from "../db/schemas/unique";
import { userById } from "../user/read";
import { allows } from "../plan/gate";
import { isNewClick, recordClick, type Visitor } from "./clicks";

export type { Visitor };

/**
 * Attribution (rule: Affiliates by consent): the first-party cookie an affiliate link sets, and
 * what a checkout takes from it. The cookie holds one entry per creator, `<creator>.<code>.<until>`
 * (epoch seconds) joined by `|`: a later link to the same creator replaces theirs (last click
 * wins), links to other creators keep their own windows.
 */
/** The scope of the platform-wide claims on affiliate codes (their owner is the affiliate). */
export const CODE_SCOPE = "affiliate-code";
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

export async function byCode(code: string): Promise<AffiliateItem | null> {
  if (!/^[a-z0-9]{1,16}$/.test(code)) return null;
  // Lean reads (db/lean): the page Lambda answers ?ref= with them and bundles no ElectroDB.
  const claim = await getItem<UniqueItem>(uniqueSchema, { scope: CODE_SCOPE, value: code });
  return claim ? getItem<AffiliateItem>(affiliateSchema, { id: claim.owner_id }) : null;
}

/** The creator still offers affiliates (Pro or Business) and this affiliate may earn on this product. */
export async function earns(a: AffiliateItem, productId?: string): Promise<boolean> {
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
export async function clickCookie(
  a: AffiliateItem,
  cookie: string | undefined,
  visitor: Visitor = {},
): Promise<string | undefined> {
  if (!(await earns(a))) return undefined;
  const creator = await userById(a.creator_id, { attributes: ["affiliate_cookie_days"] });
  const days = creator?.affiliate_cookie_days ?? DEFAULT_COOKIE_DAYS;
  // The visitor's last click on this same link, from the window it set then.
  const same = readEntries(cookie).find((e) => e.creator === a.creator_id && e.code === a.code);
  if (isNewClick(visitor, same ? same.until - days * 86_400 : undefined)) await recordClick(a);
  return setCookie(cookie, a, days);
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
  visitor: Visitor = {},
): Promise<string | undefined> {
  const a = refCode(ref) ? await byCode(refCode(ref)) : null;
  return a && a.creator_id === creatorId ? clickCookie(a, cookie, visitor) : undefined;
}
