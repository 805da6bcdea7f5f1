import { randomUUID } from "node:crypto";
import type { AffiliateItem } from "../db/entities/affiliate";
import { addAndSet } from "../db/lean/update";
import { affiliateClickSchema } from "../db/schemas/affiliate-click";

/**
 * Clicks on an affiliate's links, as the affiliate's area shows them
 * (rule: Affiliates by consent). A click is a person following the link: a crawler, a link preview or a browser's
 * prefetch is not, and the same visitor following the same link again within half an hour (a
 * reload, the back button) is still one click. Each counted click is an item of its own that the
 * figures fold adds to the affiliate's counter (`clicks`), so a viral link has no hot item.
 */
export const REPEAT_SECONDS = 30 * 60;
const CLICK_TTL_SECONDS = 3 * 24 * 60 * 60;

/** What the request says about who follows the link. */
export interface Visitor {
  userAgent?: string;
  /** `Sec-Purpose` / `Purpose`: "prefetch" (or "prefetch;prerender") when the browser only prefetches. */
  purpose?: string;
}

const NOT_A_PERSON =
  /bot\b|bot\/|crawl|spider|slurp|facebookexternalhit|embedly|preview|curl\/|wget\/|python-requests|httpclient/i;

/** False for crawlers, link previews and prefetches, and for a repeat within REPEAT_SECONDS. */
export function isNewClick(visitor: Visitor, lastClickAt: number | undefined, now = Date.now() / 1000): boolean {
  if (/prefetch|prerender/i.test(visitor.purpose ?? "")) return false;
  if (!visitor.userAgent || NOT_A_PERSON.test(visitor.userAgent)) return false;
  return lastClickAt === undefined || now - lastClickAt >= REPEAT_SECONDS;
}

/** Records one click on `a`'s link (one small write; the fold counts it once). */
export async function recordClick(a: Pick<AffiliateItem, "id" | "creator_id">): Promise<void> {
  await addAndSet(
    affiliateClickSchema,
    { id: randomUUID() },
    {
      set: {
        affiliate_id: a.id,
        creator_id: a.creator_id,
        expires_at: Math.floor(Date.now() / 1000) + CLICK_TTL_SECONDS,
      },
    },
  );
}
