import { AppError } from "../errors";
import { IntegrationStatus } from "../integration/status";
import { productPublicView, type ProductPublicView } from "../product/sales-page";
import { SharePreview } from "../share/index";
import type { Store } from "../store/index";
import { storePublicView } from "../store/public";
import { refCode, visitWithRef, type Visitor } from "../affiliate/visit";
import { pageTarget, type PageKind } from "./paths";

/**
 * What the server renders a public page from (packages/functions/src/pages): the sales page and
 * the overlay checkout get the product's public view and which payment provider its seller takes;
 * a store page gets the store with its buyable products. The page carries this in its HTML
 * (packages/web/src/rendered), so the browser shows the page before any JavaScript runs and then
 * hydrates it from the same data, without asking the API again.
 */
export namespace PublicPages {
  export type Provider = "stripe" | "paypal" | null;

  export interface ProductPage {
    page: "product" | "overlay";
    /** null: no such product (404); `is_active` false: it cannot be bought now (also 404). */
    product: ProductPublicView | null;
    /** null while the seller has no payment provider connected. */
    provider: Provider;
    /** `?code=` of the product link: the code field starts with it. */
    code: string;
    /**
     * `?ref=` of the link, an affiliate's code ("" for none): the page also sets the attribution
     * cookie; Buy passes it along too, for the overlay in another site's frame, which may not
     * see our cookie (rule: Affiliates by consent).
     */
    ref: string;
  }

  export interface StorePage {
    page: "store";
    /** null: no store at that handle (or its owner's account is deactivated): 404. */
    store: Store.PublicView | null;
  }

  /** The page's data; `failed`: it could not be read (a neighbour was down), the page says so (503). */
  export type Data = (ProductPage | StorePage) & { failed?: true };

  export interface Loaded {
    status: 200 | 404 | 503;
    data: Data;
    /** The share preview for the page's head; null for a page that has none (unavailable, unknown). */
    meta: SharePreview.Meta | null;
  }

  const KEY_MAX = 200;
  const CODE_MAX = 64;

  /** The id or handle in a path, or null when it cannot name anything (a broken %-escape, too long). */
  function keyOf(raw: string): string | null {
    try {
      const key = decodeURIComponent(raw);
      return key && key.length <= KEY_MAX ? key : null;
    } catch {
      return null;
    }
  }

  /** An unknown id or handle answers 404 (the page shows "not found"), never an error. */
  async function orNull<T>(read: () => Promise<T>): Promise<T | null> {
    try {
      return await read();
    } catch (err) {
      if (err instanceof AppError && err.status === 404) return null;
      throw err;
    }
  }

  /** The data of the page at `pathname`, or null when the server renders no page there. */
  export async function load(pathname: string, query: URLSearchParams): Promise<Loaded | null> {
    const target = pageTarget(pathname);
    if (!target) return null;
    const key = keyOf(target.key);
    if (target.page === "store") {
      const store = key ? await orNull(() => storePublicView(key)) : null;
      return { status: store ? 200 : 404, data: { page: "store", store }, meta: store && SharePreview.ofStore(store) };
    }
    const product = key ? await orNull(() => productPublicView(key)) : null;
    const buyable = product?.is_active === true;
    const provider = buyable ? (await IntegrationStatus.paymentInfo(product.creator_id)).provider : null;
    const prefix = target.prefix === "p" ? "p" : "product";
    return {
      status: buyable ? 200 : 404,
      data: {
        page: target.page,
        product,
        provider,
        code: (query.get("code") ?? "").trim().slice(0, CODE_MAX),
        ref: refCode(query.get("ref")),
      },
      meta: product && target.page === "product" ? SharePreview.ofProduct(product, prefix) : null,
    };
  }

  /** The page at `pathname` when its data could not be read: it says so and asks to try again. */
  export function failed(page: PageKind): Loaded {
    const data: Data =
      page === "store"
        ? { page, store: null, failed: true }
        : { page, product: null, provider: null, code: "", ref: "", failed: true };
    return { status: 503, data, meta: null };
  }

  /**
   * `?ref={code}` on a page that shows a creator's products (a sales page, the overlay, a store):
   * the Set-Cookie that attributes this visitor to the code's affiliate, exactly as following
   * /r/{code} would (the creator's window, last click wins), or undefined. `cookie`: the
   * visitor's payloft_ref cookie, whose other creators' entries are kept.
   */
  export async function referralCookie(
    loaded: Loaded,
    query: URLSearchParams,
    cookie: string | undefined,
    visitor: Visitor = {},
  ): Promise<string | undefined> {
    const ref = query.get("ref");
    if (!ref || loaded.status !== 200) return undefined;
    const { data } = loaded;
    const creator = data.page === "store" ? data.store?.store.creator_id : data.product?.creator_id;
    return creator ? visitWithRef(ref, creator, cookie, visitor) : undefined;
  }
}
