import { currencyOf } from "../currency/index";
import { ProductEntity, type ProductItem } from "../db/entities";
import { AppError, ValidationError } from "../errors";
import { AGAIN, backoff, retry } from "../retry";
import { kindOf } from "./kind";

/**
 * A bundle's items read from the table (no zod: checkout bundles this file). What a checkout
 * snapshots of them (rule: Bundles): each item still there, the bundle creator's own, one-time,
 * in the bundle's currency, so what the buyer pays for is what they get.
 */
export interface BundleItemSnapshot {
  product_id: string;
  name: string;
  content_url?: string;
  content_file?: string;
  content_file_name?: string;
  license_keys?: boolean;
}

export const BUNDLE_CHANGED =
  "This bundle is currently unavailable for purchase: one of its products is no longer sold in it.";

/** The items a checkout of `bundle` sells, in the bundle's order; a 400 when one is gone or changed. */
export async function bundleSnapshot(bundle: {
  type?: string;
  bundle_product_ids?: string[];
  creator_id: string;
  currency?: string;
}): Promise<BundleItemSnapshot[] | undefined> {
  const { type, bundle_product_ids: ids } = kindOf(bundle as Parameters<typeof kindOf>[0]);
  if (type !== "bundle") return undefined;
  const byId = await readProducts(ids);
  return ids.map((id) => {
    const p = byId.get(id);
    const fits =
      p &&
      p.creator_id === bundle.creator_id &&
      kindOf(p).type === "standard" &&
      (p.billing ?? "one_time") === "one_time" &&
      currencyOf(p.currency) === currencyOf(bundle.currency);
    if (!fits) throw new ValidationError(BUNDLE_CHANGED, "product.bundle_changed");
    return {
      product_id: p.id,
      name: p.name,
      ...(p.content_file
        ? { content_file: p.content_file, content_file_name: p.content_file_name }
        : { content_url: p.content_url ?? "" }),
      license_keys: p.license_keys ?? false,
    };
  });
}

/** The products by id, in one BatchGetItem (keys DynamoDB leaves unprocessed are asked again). */
export async function readProducts(ids: string[]): Promise<Map<string, ProductItem>> {
  const byId = new Map<string, ProductItem>();
  let keys = ids.map((id) => ({ id }));
  await retry(
    async () => {
      const res = await ProductEntity.get(keys).go({ consistent: true, preserveBatchOrder: false });
      for (const p of res.data) byId.set(p.id, p);
      keys = res.unprocessed as typeof keys;
      return keys.length ? AGAIN : null;
    },
    {
      attempts: 6,
      delayMs: backoff(50, 1000),
      exhausted: () => new AppError("product.read_failed", "Products could not be read now. Please try again.", 503),
    },
  );
  return byId;
}
