import { randomBytes } from "node:crypto";
import { Config } from "../config/index";
import type { PurchaseItem } from "../db/entities";
import { purchaseById } from "../purchase/records";
import { transact } from "../product/store";

/**
 * Access links (rule: Access links): every purchase is delivered as `{site}/a/{token}`, an
 * unguessable link tied to that purchase. Following it records the access and leads to the
 * content; after a refund or dispute it leads to a page that says why instead. The raw
 * content location stays on the server.
 *
 * A purchase gets its token the first time its link is needed (success page, receipt,
 * portal), so purchases made before links existed get one on their next view: the lazy
 * migration, with no script to run on a deployed stage. Following a link is ./follow.ts (it
 * alone reaches the hosted-files bucket).
 */
export namespace Access {
  /** 24 random bytes, base64url: 32 characters, 192 bits. */
  export const TOKEN = /^[A-Za-z0-9_-]{32}$/;
  export const PREFIX = "/a/";

  export const urlOf = (token: string) => `${Config.siteUrl()}${PREFIX}${token}`;

  /** The purchase's access link, created once (a transaction with a condition on the purchase). */
  export async function linkFor(p: { id: string; access_token?: string }): Promise<string> {
    if (p.access_token) return urlOf(p.access_token);
    const token = newToken();
    // A transaction elsewhere on the purchase (its receipt, a refund) is waited out and retried.
    const codes = await transact(({ purchase, accessLink }) => [
      purchase
        .patch({ id: p.id })
        .set({ access_token: token })
        .where((a, op) => op.notExists(a.access_token))
        .commit(),
      accessLink.create({ token, purchase_id: p.id }).commit(),
    ]);
    if (!codes) return urlOf(token);
    // Another request gave it a link first: that one is the purchase's link.
    const stored = (await purchaseById(p.id))?.access_token;
    if (!stored) throw new Error(`could not give purchase ${p.id} an access link`);
    return urlOf(stored);
  }

  /** A new link's token: 24 random bytes, base64url. */
  export const newToken = () => randomBytes(24).toString("base64url");

  /** What a bundle's item delivers to its buyer (rule: Bundles): the buyer's view of one item. */
  export interface DeliveredItem {
    product_id: string;
    name: string;
    /** The item's own access link; null once the purchase is refunded or disputed. */
    access_url: string | null;
    license_key: string | null;
  }

  /** A bundle purchase's items, each with its link (made with the purchase); [] for a single product. */
  export const deliveredItems = (p: Pick<PurchaseItem, "status" | "bundle_items">): DeliveredItem[] =>
    (p.bundle_items ?? []).map((i) => ({
      product_id: i.product_id,
      name: i.name,
      access_url: revokedReason(p) ? null : urlOf(i.access_token),
      license_key: i.license_key ?? null,
    }));

  /** Links for many purchases at once (the portal): only purchases without one cost a write. */
  export const linksFor = (list: { id: string; access_token?: string }[]) => Promise.all(list.map(linkFor));

  /** membership_ended: a membership's sale, whose membership has ended (core/src/membership). */
  export type Revoked = "refunded" | "disputed" | "membership_ended";

  export type Outcome =
    | { kind: "content"; location: string }
    | { kind: "revoked"; reason: Revoked; at?: string; product_name: string }
    | { kind: "unknown" };

  export function revokedReason(p: Pick<PurchaseItem, "status">): "refunded" | "disputed" | null {
    return p.status === "refunded" || p.status === "disputed" ? p.status : null;
  }
}
