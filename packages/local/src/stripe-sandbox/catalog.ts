import { StripeApiError, invalidParam, missingParam, noSuch } from "./errors";
import { bool, int, metadataOf, str, type FormObject } from "./form";
import { createPrice } from "./prices";
import { nowSeconds, randomId, type Account, type StripeObject } from "./store";
import type { Sandbox } from "./context";

/**
 * The catalog API on any key (a seller's own account included): Products and Prices as Stripe
 * keeps them. A Price's amount, currency and interval never change (Stripe refuses such
 * updates): a new price is created and the old one archived (`active: false`).
 */

const listOf = (url: string, data: unknown[], limit = 10) => ({
  object: "list",
  data: data.slice(0, limit),
  has_more: data.length > limit,
  url,
});

/** POST /v1/products */
export function createProduct(sb: Sandbox, account: Account, p: FormObject): StripeObject {
  const name = str(p.name);
  if (!name) throw missingParam("name");
  const id = str(p.id);
  if (id && account.objects[id])
    throw new StripeApiError(400, "invalid_request_error", "Product already exists.", "resource_already_exists", "id");
  return sb.store.put(account, {
    id: id ?? randomId("prod_", 14),
    object: "product",
    active: bool(p.active) ?? true,
    created: nowSeconds(),
    default_price: null,
    description: str(p.description) || null,
    livemode: account.livemode,
    metadata: metadataOf(p.metadata),
    name,
    updated: nowSeconds(),
  });
}

/** POST /v1/products/:id */
export function updateProduct(sb: Sandbox, product: StripeObject, p: FormObject): StripeObject {
  const name = str(p.name);
  if (name !== undefined) {
    if (!name) throw invalidParam("name", "You must provide a non-empty name.");
    product.name = name;
  }
  if (p.description !== undefined) product.description = str(p.description) || null;
  const active = bool(p.active);
  if (active !== undefined) product.active = active;
  if (p.metadata !== undefined) product.metadata = metadataOf(p.metadata, product.metadata);
  product.updated = nowSeconds();
  sb.store.changed();
  return product;
}

/** POST /v1/prices/:id: only active, metadata and nickname change. */
export function updatePrice(sb: Sandbox, price: StripeObject, p: FormObject): StripeObject {
  for (const fixed of ["unit_amount", "currency", "recurring", "product"]) {
    if (p[fixed] !== undefined)
      throw new StripeApiError(400, "invalid_request_error", `Received unknown parameter: ${fixed}`, undefined, fixed);
  }
  const active = bool(p.active);
  if (active !== undefined) price.active = active;
  if (p.nickname !== undefined) price.nickname = str(p.nickname) || null;
  if (p.metadata !== undefined) price.metadata = metadataOf(p.metadata, price.metadata);
  sb.store.changed();
  return price;
}

function get(account: Account, id: string, type: "product" | "price"): StripeObject {
  const o = account.objects[id];
  if (!o || o.object !== type) throw noSuch(type, id);
  return o;
}

type Route = { method: string; pattern: RegExp; run: (sb: Sandbox, a: Account, p: FormObject, id: string) => unknown };

export const catalogRoutes: Route[] = [
  { method: "POST", pattern: /^\/v1\/products$/, run: (sb, a, p) => createProduct(sb, a, p) },
  { method: "GET", pattern: /^\/v1\/products\/([^/]+)$/, run: (_sb, a, _p, id) => get(a, id, "product") },
  {
    method: "POST",
    pattern: /^\/v1\/products\/([^/]+)$/,
    run: (sb, a, p, id) => updateProduct(sb, get(a, id, "product"), p),
  },
  {
    method: "POST",
    pattern: /^\/v1\/prices$/,
    run: (sb, a, p) => {
      const product = str(p.product);
      if (!product && !p.product_data) throw missingParam("product");
      const price = createPrice(sb.store, a, p, "");
      if (p.nickname !== undefined) price.nickname = str(p.nickname) || null;
      price.metadata = metadataOf(p.metadata);
      if (str(p.lookup_key)) price.lookup_key = str(p.lookup_key);
      return price;
    },
  },
  { method: "GET", pattern: /^\/v1\/prices\/([^/]+)$/, run: (_sb, a, _p, id) => get(a, id, "price") },
  {
    method: "POST",
    pattern: /^\/v1\/prices\/([^/]+)$/,
    run: (sb, a, p, id) => updatePrice(sb, get(a, id, "price"), p),
  },
  {
    method: "GET",
    pattern: /^\/v1\/prices$/,
    run: (sb, a, p) => {
      const active = bool(p.active);
      const found = sb.store
        .ofType(a, "price")
        .filter((x) => !str(p.product) || x.product === str(p.product))
        .filter((x) => active === undefined || x.active === active)
        .reverse();
      return listOf("/v1/prices", found, int(p.limit) ?? 10);
    },
  },
];
