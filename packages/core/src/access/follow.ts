import { AccessLinkEntity, PurchaseEntity, type PurchaseItem } from "../db/entities";
import { Files } from "../files/index";
import { AGAIN, retry } from "../retry";
import { Access } from "./index";

/**
 * Where the content is, as sold (the purchase's snapshot): a hosted file through a presigned
 * GET that lives minutes (Files.DOWNLOAD_WINDOW_S), or the creator's URL.
 */
async function destination(p: PurchaseItem): Promise<string> {
  if (p.content_file) return Files.downloadUrl({ key: p.content_file, name: p.content_file_name });
  return p.content_url ?? "";
}

/**
 * Following a link: the purchase it opens with its access recorded (count + last time),
 * or why not. The record is conditional on the purchase still being live, so a refund
 * landing between the read and the write cannot slip a download through.
 */
export async function followAccessLink(token: string): Promise<Access.Outcome> {
  if (!Access.TOKEN.test(token)) return { kind: "unknown" };
  const link = (await AccessLinkEntity.get({ token }).go()).data;
  if (!link) return { kind: "unknown" };
  return retry<Access.Outcome>(
    async () => {
      const p = (await PurchaseEntity.get({ id: link.purchase_id }).go()).data;
      if (!p || p.access_token !== token) return { kind: "unknown" };
      const reason = Access.revokedReason(p);
      if (reason) return { kind: "revoked", reason, at: p.refunded_at ?? p.disputed_at, product_name: p.product_name };
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
