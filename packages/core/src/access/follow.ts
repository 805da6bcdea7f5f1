import { AccessLinkEntity, type PurchaseItem } from "../db/entities";
import { purchaseById, recordOpening } from "../purchase/records";
import { Files } from "../files/index";
import { AGAIN, retry } from "../retry";
import { membershipEnded } from "../membership/ended";
import { Access } from "./index";
import { Config } from "../config/index";

/**
 * Where the content is, as sold (the purchase's snapshot): a hosted file through a presigned
 * GET that lives minutes (Files.DOWNLOAD_WINDOW_S), or the creator's URL.
 */
async function destination(p: Pick<PurchaseItem, "content_file" | "content_file_name" | "content_url">) {
  if (p.content_file) return Files.downloadUrl({ key: p.content_file, name: p.content_file_name });
  return p.content_url ?? "";
}

/** A bundle's own link has no content: it leads to the portal, where its items are listed. */
const PORTAL = "/customer-dashboard";

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
      const p = await purchaseById(link.purchase_id);
      // A bundle item's link opens that item (rule: Bundles); the purchase's own link, the purchase.
      const item = link.product_id
        ? p?.bundle_items?.find((i) => i.product_id === link.product_id && i.access_token === token)
        : undefined;
      if (!p || (link.product_id ? !item : p.access_token !== token)) return { kind: "unknown" };
      const reason = Access.revokedReason(p);
      const product_name = item?.name ?? p.product_name;
      if (reason) return { kind: "revoked", reason, at: p.refunded_at ?? p.disputed_at, product_name };
      if (await membershipEnded(p)) return { kind: "revoked", reason: "membership_ended", product_name };
      // Recorded only while the purchase is still completed; a refund meanwhile: read again.
      if (!(await recordOpening(p.id))) return AGAIN;
      if (!item && p.bundle_items?.length) return { kind: "content", location: `${Config.siteUrl()}${PORTAL}` };
      return { kind: "content", location: await destination(item ?? p) };
    },
    { attempts: 3, exhausted: () => new Error(`access link for ${link.purchase_id} kept changing`) },
  );
}
