import { randomBytes } from "node:crypto";
import { Config } from "../config/index";
import { AccessLinkEntity, Db, PurchaseEntity, type PurchaseItem } from "../db/entities";
import { Files } from "../files/index";
import { AGAIN, retry } from "../retry";

/**
 * Access links (DECISIONS 14): every purchase is delivered as `{site}/a/{token}`, an
 * unguessable link tied to that purchase. Following it records the access and leads to the
 * content; after a refund or dispute it leads to a page that says why instead. The raw
 * content location stays on the server.
 *
 * A purchase gets its token the first time its link is needed (success page, receipt,
 * portal), so purchases made before links existed get one on their next view: the lazy
 * migration, with no script to run on a deployed stage.
 */
export namespace Access {
  /** 24 random bytes, base64url: 32 characters, 192 bits. */
  const TOKEN = /^[A-Za-z0-9_-]{32}$/;
  export const PREFIX = "/a/";

  export const urlOf = (token: string) => `${Config.siteUrl()}${PREFIX}${token}`;

  /** The purchase's access link, created once (a transaction with a condition on the purchase). */
  export async function linkFor(p: { id: string; access_token?: string }): Promise<string> {
    if (p.access_token) return urlOf(p.access_token);
    const token = randomBytes(24).toString("base64url");
    const res = await Db.transaction
      .write(({ purchase, accessLink }) => [
        purchase
          .patch({ id: p.id })
          .set({ access_token: token })
          .where((a, op) => op.notExists(a.access_token))
          .commit(),
        accessLink.create({ token, purchase_id: p.id }).commit(),
      ])
      .go();
    if (!res.canceled) return urlOf(token);
    // Another request gave it a link first: that one is the purchase's link.
    const stored = (await PurchaseEntity.get({ id: p.id }).go({ attributes: ["access_token"] })).data?.access_token;
    if (!stored) throw new Error(`could not give purchase ${p.id} an access link`);
    return urlOf(stored);
  }

  /** Links for many purchases at once (the portal): only purchases without one cost a write. */
  export const linksFor = (list: { id: string; access_token?: string }[]) => Promise.all(list.map(linkFor));

  export type Revoked = "refunded" | "disputed";

  export type Outcome =
    | { kind: "content"; location: string }
    | { kind: "revoked"; reason: Revoked; at?: string; product_name: string }
    | { kind: "unknown" };

  /**
   * Where the content is, as sold (the purchase's snapshot): a hosted file through a presigned
   * GET that lives minutes (Files.DOWNLOAD_WINDOW_S), or the creator's URL.
   */
  async function destination(p: PurchaseItem): Promise<string> {
    if (p.content_file) return Files.downloadUrl({ key: p.content_file, name: p.content_file_name });
    return p.content_url ?? "";
  }

  export function revokedReason(p: Pick<PurchaseItem, "status">): Revoked | null {
    return p.status === "refunded" ? "refunded" : null;
  }

  /**
   * Following a link: the purchase it opens with its access recorded (count + last time),
   * or why not. The record is conditional on the purchase still being live, so a refund
   * landing between the read and the write cannot slip a download through.
   */
  export async function follow(token: string): Promise<Outcome> {
    if (!TOKEN.test(token)) return { kind: "unknown" };
    const link = (await AccessLinkEntity.get({ token }).go()).data;
    if (!link) return { kind: "unknown" };
    return retry<Outcome>(
      async () => {
        const p = (await PurchaseEntity.get({ id: link.purchase_id }).go()).data;
        if (!p || p.access_token !== token) return { kind: "unknown" };
        const reason = revokedReason(p);
        if (reason) return { kind: "revoked", reason, at: p.refunded_at, product_name: p.product_name };
        try {
          const res = await PurchaseEntity.patch({ id: p.id })
            .add({ access_count: 1 })
            .set({ last_accessed_at: new Date().toISOString() })
            .where((a, op) => op.eq(a.status, "completed"))
            .go({ response: "all_new" });
          if (!res.data) return { kind: "unknown" };
          return { kind: "content", location: await destination(p) };
        } catch (err) {
          if ((err as { cause?: { name?: string } }).cause?.name === "ConditionalCheckFailedException") return AGAIN;
          throw err;
        }
      },
      { attempts: 3, exhausted: () => new Error(`access link for ${link.purchase_id} kept changing`) },
    );
  }
}
