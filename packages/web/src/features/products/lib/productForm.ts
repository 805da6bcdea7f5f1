import { minorToDecimal, toMinor } from "@payloft/core/currency/units";
import type { NewProduct, Product } from "@/features/products/api/types";
import type { ContentSource } from "@/features/products/components/DeliveryFields";
import type { UploadedFile } from "@/features/products/components/FileUpload";

/** The dialog's fields as typed: amounts as text in the currency's major unit. */
export type ProductForm = Omit<NewProduct, "price" | "suggested_price" | "content_file"> & {
  price: string;
  suggested_price: string;
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
  };
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
  // A bundle delivers its items (rule: Bundles): no content, keys or pay what you want of its own.
  if (form.type === "bundle") {
    return {
      ...form,
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
    ...form,
    price: Number.isFinite(price) ? price : 0,
    suggested_price: form.pay_what_you_want && Number.isFinite(suggested) ? toMinor(suggested, form.currency) : null,
    media_url: form.media_type === "none" ? "" : form.media_url,
    content_url: source === "link" ? form.content_url : "",
    content_file: source === "file" && file ? file.key : "",
    bundle_product_ids: [],
  };
}
