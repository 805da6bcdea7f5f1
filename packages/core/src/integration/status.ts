import type { IntegrationItem } from "../db/entities/integration";
import { getItem } from "../db/lean/items";
import { integrationSchema } from "../db/schemas/integration";

/**
 * What may be known about a seller's payment setup without touching any key: which buy
 * button the sales page shows, and the admin's list. Apart from ./index (which decrypts
 * sellers' keys) so the routes that need only this are not linked to the EncryptionKey, and
 * read through the lean layer, so the sales page's payment-info Lambda carries no ElectroDB.
 */
export namespace IntegrationStatus {
  const load = (userId: string) => getItem<IntegrationItem>(integrationSchema, { user_id: userId });

  /** Which buy button the sales page shows: null when nothing usable is active. */
  export async function paymentInfo(userId: string): Promise<{ provider: "stripe" | "paypal" | null }> {
    const i = await load(userId);
    if (!i || !i.is_active) return { provider: null };
    if (i.provider === "stripe") return { provider: i.stripe_secret_key_enc ? "stripe" : null };
    return { provider: i.paypal_client_id ? "paypal" : null };
  }

  /** Admin user detail: the seller's integrations without any key material. */
  export async function listForAdmin(
    userId: string,
  ): Promise<{ id: string; provider: "stripe" | "paypal"; is_live: boolean; is_active: boolean }[]> {
    const i = await load(userId);
    return i ? [{ id: i.user_id, provider: i.provider, is_live: i.is_live, is_active: i.is_active }] : [];
  }
}
