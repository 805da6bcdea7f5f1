import { minorToDecimal, toMinor } from "@payloft/core/currency/units";
import type { Interval } from "@payloft/core/product/tiers";
import { INTERVAL_ORDER } from "@/lib/membership";
import type { NewProduct, Product } from "@/features/products/api/types";
import type { ContentSource } from "@/features/products/components/DeliveryFields";
import type { UploadedFile } from "@/features/products/components/FileUpload";

/** A membership tier as typed: a price per interval as text, blank when the tier is not sold by it. */
export interface TierForm {
  /** Kept when editing, so checkout's tier ids (and members' tiers) stay the same. */
  id?: string;
  name: string;
  description: string;
  prices: Record<Interval, string>;
}
export const EMPTY_TIER: TierForm = { name: "", description: "", prices: { month: "", quarter: "", year: "" } };

/** The dialog's fields as typed: amounts as text in the currency's major unit. */
export type ProductForm = Omit<
  NewProduct,
  "price" | "suggested_price" | "content_file" | "tiers" | "trial_days" | "order_bump"
> & {
  price: string;
  suggested_price: string;
  tiers: TierForm[];
  trial_days: string;
  /** The order bump's product ("" for none) and its price as typed. */
  bump_product_id: string;
  bump_price: string;
};

export const EMPTY_FORM: ProductForm = {
  name: "",
  headline: "",
  subheadline: "",
  price: "0",
  currency: "usd",
  pay_what_you_want: false,
  suggested_price: "",
  content_url: "",
  description: "",
  media_type: "none",
  media_url: "",
  license_keys: false,
  type: "standard",
  bundle_product_ids: [],
  billing: "one_time",
  tiers: [EMPTY_TIER],
  trial_days: "0",
  bump_product_id: "",
  bump_price: "",
};

/** A product's fields as the dialog shows them, for editing (amounts from minor units: 950 eur → "9.50"). */
export function formOf(p: Product): ProductForm {
  const currency = p.currency || "usd";
  return {
    name: p.name,
    headline: p.headline,
    subheadline: p.subheadline,
    price: minorToDecimal(p.price, currency),
    currency,
    pay_what_you_want: p.pay_what_you_want,
    suggested_price: p.suggested_price == null ? "" : minorToDecimal(p.suggested_price, currency),
    content_url: p.content_url ?? "",
    description: p.description,
    media_type: p.media_type,
    media_url: p.media_url,
    license_keys: p.license_keys,
    type: p.type ?? "standard",
    bundle_product_ids: p.bundle_product_ids ?? [],
    billing: p.billing ?? "one_time",
    tiers: p.tiers?.length
      ? p.tiers.map((t) => ({
          id: t.id,
          name: t.name,
          description: t.description ?? "",
          prices: Object.fromEntries(
            INTERVAL_ORDER.map((i) => {
              const amount = t.prices.find((x) => x.interval === i)?.amount;
              return [i, amount === undefined ? "" : minorToDecimal(amount, currency)];
            }),
          ) as Record<Interval, string>,
        }))
      : [EMPTY_TIER],
    trial_days: String(p.trial_days ?? 0),
    bump_product_id: p.order_bump?.product_id ?? "",
    bump_price: p.order_bump ? minorToDecimal(p.order_bump.price, currency) : "",
  };
}

/** The order bump as the API takes it: minor units of the product's currency; none without a product. */
function orderBumpOf({ bump_product_id, bump_price, currency }: ProductForm): NewProduct["order_bump"] {
  if (!bump_product_id) return null;
  const price = Number.parseFloat(bump_price);
  return { product_id: bump_product_id, price: Number.isFinite(price) ? toMinor(price, currency) : 0 };
}

/** The product's hosted file, as the upload field shows it. */
export const fileOf = (p: Product): UploadedFile | null =>
  p.content_file ? { key: p.content_file, name: p.content_file_name ?? "", size: p.content_file_size ?? 0 } : null;

/**
 * The body of POST /api/products and PUT /api/products/{id}: the price as typed (non-numeric
 * becomes 0; the server converts it to the minor unit), every other amount in minor units
 * (rule: Cents and server prices), and exactly one of the link and the file.
 */
export function bodyOf(form: ProductForm, source: ContentSource, file: UploadedFile | null): NewProduct {
  const price = Number.parseFloat(form.price);
  const suggested = Number.parseFloat(form.suggested_price);
  const billing = billingOf(form);
  const { bump_product_id: _product, bump_price: _price, ...fields } = form;
  const order_bump = orderBumpOf(form);
  // A bundle delivers its items (rule: Bundles): no content, keys or pay what you want of its own.
  if (form.type === "bundle") {
    return {
      ...fields,
      ...billing,
      order_bump,
      price: Number.isFinite(price) ? price : 0,
      pay_what_you_want: false,
      suggested_price: null,
      license_keys: false,
      media_url: form.media_type === "none" ? "" : form.media_url,
      content_url: "",
      content_file: "",
    };
  }
  return {
    ...fields,
    ...billing,
    order_bump,
    price: Number.isFinite(price) ? price : 0,
    // Pay what you want is one-time only (a membership's price is its tiers').
    pay_what_you_want: form.pay_what_you_want && billing.billing === "one_time",
    suggested_price:
      form.pay_what_you_want && billing.billing === "one_time" && Number.isFinite(suggested)
        ? toMinor(suggested, form.currency)
        : null,
    media_url: form.media_type === "none" ? "" : form.media_url,
    content_url: source === "link" ? form.content_url : "",
    content_file: source === "file" && file ? file.key : "",
    bundle_product_ids: [],
  };
}

/**
 * A membership's tiers and trial as the API takes them (amounts typed, like `price`; a blank
 * price: not sold by that interval; a typo is sent as NaN for the server's own sentence); a
 * one-time product sends none. A bundle is always one-time.
 */
function billingOf(form: ProductForm): Pick<NewProduct, "billing" | "tiers" | "trial_days"> {
  if (form.billing !== "recurring" || form.type === "bundle") return { billing: "one_time", tiers: [], trial_days: 0 };
  return {
    billing: "recurring",
    trial_days: Number.parseInt(form.trial_days || "0", 10),
    tiers: form.tiers.map((t) => ({
      ...(t.id ? { id: t.id } : {}),
      name: t.name,
      ...(t.description.trim() ? { description: t.description } : {}),
      prices: INTERVAL_ORDER.filter((i) => t.prices[i].trim()).map((i) => ({
        interval: i,
        amount: Number(t.prices[i]),
      })),
    })),
  };
}
