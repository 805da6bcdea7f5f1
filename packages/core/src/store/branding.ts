import type { StoreItem } from "../db/entities/store";
import { getItem } from "../db/lean/items";
import { storeSchema } from "../db/schemas/store";
import { allows, type Entitled } from "../plan/gate";

/**
 * How a creator's pages look to buyers, decided at read time from the CURRENT plan
 * (rule: Features by plan): a creator who downgrades loses custom branding at once, without a rewrite
 * of their store. Shared by the sales page, the store page and the share previews.
 */
export interface Branding {
  /** The storefront's handle, for a "more from this creator" link; null without a store. */
  store_handle: string | null;
  /** Pro and up: the store's logo and accent colour on sales pages. */
  logo_url: string | null;
  accent_color: string | null;
  /** false only for white-label (business) sellers. */
  powered_by: boolean;
}

export function brandingOf(store: StoreItem | null, owner: Entitled | null): Branding {
  const custom = !!owner && allows(owner, "custom_branding");
  return {
    store_handle: store?.handle ?? null,
    logo_url: custom ? (store?.avatar_url ?? null) : null,
    accent_color: custom ? (store?.accent_color ?? null) : null,
    powered_by: !(owner && allows(owner, "white_label")),
  };
}

/** A creator's store (a read through the lean layer: the sales page's bundle carries no ElectroDB). */
export async function storeOf(userId: string): Promise<StoreItem | null> {
  return getItem<StoreItem>(storeSchema, { user_id: userId });
}
