import * as z from "zod";
import { LicenseKeyEntity, type PurchaseItem } from "../db/entities";
import { countLicenseUse, purchaseById, setLicenseDisabled } from "../purchase/records";
import { ConflictError, NotFoundError } from "../errors";
import { AGAIN, retry } from "../retry";
import { parseInput } from "../validation";
import { Access } from "../access/index";
import { membershipEnded } from "../membership/ended";
import { normalizeLicenseKey } from "./key";

/**
 * Licence keys (a product option, `license_keys`): each purchase of such a product gets its
 * own key (ledger.ts writes it with the purchase). A creator's software asks
 * `POST /api/licenses/verify` whether a key is live; a refund or dispute, or the creator
 * disabling the key from the sale, makes it invalid. Keys are unique across all products, and
 * a key is only valid for the product it was sold with.
 */
export namespace License {
  export const VerifyInput = z.object({
    product_id: z.string("product_id is required.").trim().min(1, "product_id is required.").max(200),
    license_key: z.string("license_key is required.").trim().min(1, "license_key is required.").max(200),
    increment_uses_count: z.boolean("increment_uses_count must be true or false.").optional().default(true),
  });

  export type Verdict =
    | { status: 200; body: { valid: true; uses: number; purchase: { created_at: string; email: string } } }
    | { status: 200; body: { valid: false; reason: "refunded" | "disabled" | "membership_ended" } }
    | { status: 404; body: { valid: false } };

  /** `rita@example.com` → `r***@example.com`: enough for the creator's app to say whose key it is. */
  export function maskEmail(email: string): string {
    const [local = "", domain = ""] = email.split("@");
    return `${local.slice(0, 1)}***@${domain}`;
  }

  const notFound: Verdict = { status: 404, body: { valid: false } };

  /** POST /api/licenses/verify {product_id, license_key, increment_uses_count? = true}. */
  export async function verify(input: unknown): Promise<Verdict> {
    const { product_id, license_key, increment_uses_count } = parseInput(VerifyInput, input);
    const key = normalizeLicenseKey(license_key);
    if (!key) return notFound;
    const link = (await LicenseKeyEntity.get({ key }).go()).data;
    // Another product's key answers exactly like an unknown one: it tells a guesser nothing.
    if (!link || link.product_id !== product_id) return notFound;
    return retry<Verdict>(
      async () => {
        const p = await purchaseById(link.purchase_id);
        // A bundle's item has its own key on the bundle's purchase (rule: Bundles).
        const owns = p?.license_key === key || p?.bundle_items?.some((i) => i.license_key === key);
        if (!p || !owns) return notFound;
        if (Access.revokedReason(p)) return { status: 200, body: { valid: false, reason: "refunded" } };
        if (p.license_disabled) return { status: 200, body: { valid: false, reason: "disabled" } };
        if (await membershipEnded(p)) return { status: 200, body: { valid: false, reason: "membership_ended" } };
        if (!increment_uses_count) return live(p, p.license_uses ?? 0);
        // Counted only while the purchase is still paid: a refund racing this check wins.
        const uses = await countLicenseUse(p.id);
        return uses === null ? AGAIN : live(p, uses);
      },
      { attempts: 3, exhausted: () => new Error(`licence key of ${link.purchase_id} kept changing`) },
    );
  }

  const live = (p: PurchaseItem, uses: number): Verdict => ({
    status: 200,
    body: { valid: true, uses, purchase: { created_at: p.created_at, email: maskEmail(p.customer_email) } },
  });

  export const SetDisabledInput = z.object({ disabled: z.boolean("disabled must be true or false.") });

  /** PUT /api/sales/{id}/license-key {disabled}: the seller turns a sale's key off (or back on). */
  export async function setDisabled(creatorId: string, purchaseId: string, input: unknown) {
    const { disabled } = parseInput(SetDisabledInput, input);
    const p = await purchaseById(purchaseId);
    if (!p || p.creator_id !== creatorId) throw new NotFoundError("sale.not_found", "Sale not found");
    if (!p.license_key) throw new ConflictError("license.none", "This sale has no licence key.");
    await setLicenseDisabled(p.id, disabled);
    return { license_key: p.license_key, license_disabled: disabled };
  }
}
