import { Field } from "@/components/ui/Field";
import { Input } from "@/components/ui/Input";
import { Select } from "@/components/ui/Select";
import { Textarea } from "@/components/ui/Textarea";
import type { MediaType } from "@/features/products/api/types";
import type { ProductForm } from "@/features/products/lib/productForm";
import { currencySymbol } from "@/lib/money";
import { CURRENCIES, decimalsOf } from "@payloft/core/currency/units";
import { DeliveryFields, type ContentSource } from "./DeliveryFields";
import { BundlePicker } from "./BundlePicker";
import { MembershipFields } from "./MembershipFields";
import { OrderBumpPicker } from "./OrderBumpPicker";
import type { UploadedFile } from "./FileUpload";

const CURRENCY_OPTIONS = CURRENCIES.map((c) => ({ value: c, label: c.toUpperCase() }));

/** Media types and the media_url hint of each; none has no media field. */
const MEDIA_OPTIONS: { value: MediaType; label: string; hint?: string }[] = [
  { value: "none", label: "None" },
  { value: "image", label: "Image", hint: "Enter direct image URL" },
  { value: "youtube", label: "YouTube video", hint: "Enter YouTube video URL" },
  { value: "video", label: "Video file", hint: "Enter video file URL (MP4, WebM, etc.)" },
  { value: "embed", label: "Embed code", hint: "Paste HTML embed code" },
];

export interface ProductFormFieldsProps {
  form: ProductForm;
  set: <K extends keyof ProductForm>(key: K, value: ProductForm[K]) => void;
  source: ContentSource;
  onSource: (source: ContentSource) => void;
  file: UploadedFile | null;
  onFile: (file: UploadedFile | null) => void;
  onUploading: (busy: boolean) => void;
  /** The product has sales: its currency is fixed (they are counted in it). */
  currencyLocked?: boolean;
  /** Editing: the product's id (a bundle can't hold itself), and its type is fixed. */
  productId?: string;
}

const BILLING_OPTIONS = [
  { value: "one_time", label: "One-time payment" },
  { value: "recurring", label: "Membership (recurring)" },
];

const TYPE_OPTIONS = [
  { value: "standard", label: "Single product" },
  { value: "bundle", label: "Bundle of your products" },
];

/** Every field of the product dialog, for creating and editing alike. */
export function ProductFormFields({ form, set, currencyLocked, productId, ...delivery }: ProductFormFieldsProps) {
  const bundle = form.type === "bundle";
  const recurring = !bundle && form.billing === "recurring";
  const media = MEDIA_OPTIONS.find((m) => m.value === form.media_type);
  const code = form.currency.toUpperCase();
  const symbol = currencySymbol(form.currency);
  const step = decimalsOf(form.currency) ? 0.01 : 1;
  return (
    <>
      <Field label="Product name" required>
        <Input
          name="name"
          required
          maxLength={120}
          value={form.name}
          onChange={(e) => set("name", e.target.value)}
          placeholder="e.g. The Freelance Design Kit"
          data-autofocus
        />
      </Field>
      <Field label="Product type" hint={productId ? "Fixed once created" : "A bundle sells several of your products"}>
        <Select
          name="type"
          value={form.type}
          disabled={Boolean(productId)}
          onChange={(e) => set("type", e.target.value as ProductForm["type"])}
          options={TYPE_OPTIONS}
        />
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Headline">
          <Input
            name="headline"
            maxLength={200}
            value={form.headline}
            onChange={(e) => set("headline", e.target.value)}
            placeholder="Shown big on the sales page"
          />
        </Field>
        <Field label="Subheadline">
          <Input
            name="subheadline"
            maxLength={300}
            value={form.subheadline}
            onChange={(e) => set("subheadline", e.target.value)}
            placeholder="One line that sells it"
          />
        </Field>
      </div>
      {!bundle && (
        <Field label="Billing" hint="A membership charges every month, quarter or year until canceled">
          <Select
            name="billing"
            value={form.billing}
            onChange={(e) => set("billing", e.target.value as ProductForm["billing"])}
            options={BILLING_OPTIONS}
          />
        </Field>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Currency" hint={currencyLocked ? "Fixed once the product has sales" : "Buyers pay in it"}>
          <Select
            name="currency"
            value={form.currency}
            disabled={currencyLocked}
            onChange={(e) => set("currency", e.target.value)}
            options={CURRENCY_OPTIONS}
          />
        </Field>
        {!recurring && (
          <Field
            label={form.pay_what_you_want ? `Minimum price (${code})` : `Price (${code})`}
            required
            hint={
              bundle
                ? "What the bundle sells for, less than its products' sum"
                : form.pay_what_you_want
                  ? "Buyers pay at least this; 0 lets them claim it free"
                  : `One-time payment, in ${code}; 0 makes it free to claim`
            }
          >
            <div className="relative">
              <span className="pointer-events-none absolute left-3 top-1/2 -translate-y-1/2 text-sm text-slate-500">
                {symbol}
              </span>
              <Input
                name="price"
                type="number"
                inputMode="decimal"
                min={0}
                step={step}
                required
                className={symbol.length > 1 ? "pl-11" : "pl-7"}
                value={form.price}
                onChange={(e) => set("price", e.target.value)}
              />
            </div>
          </Field>
        )}
      </div>
      {recurring && <MembershipFields form={form} set={set} step={step} />}
      {bundle ? (
        <BundlePicker
          selected={form.bundle_product_ids}
          onChange={(ids) => set("bundle_product_ids", ids)}
          currency={form.currency}
          selfId={productId}
        />
      ) : (
        <SingleProductFields form={form} set={set} step={step} code={code} recurring={recurring} {...delivery} />
      )}
      <OrderBumpPicker
        productId={form.bump_product_id}
        price={form.bump_price}
        currency={form.currency}
        selfId={productId}
        step={step}
        onProduct={(id) => set("bump_product_id", id)}
        onPrice={(text) => set("bump_price", text)}
      />
      <Field label="Description">
        <Textarea
          name="description"
          rows={5}
          maxLength={5000}
          value={form.description}
          onChange={(e) => set("description", e.target.value)}
          placeholder="Each line becomes a paragraph on the sales page"
        />
      </Field>
      <div className="grid gap-4 sm:grid-cols-[12rem_1fr]">
        <Field label="Media type">
          <Select
            name="media_type"
            value={form.media_type}
            onChange={(e) => set("media_type", e.target.value as MediaType)}
            options={MEDIA_OPTIONS.map(({ value, label }) => ({ value, label }))}
          />
        </Field>
        {media?.hint && (
          <Field label={form.media_type === "embed" ? "Embed code" : "Media URL"}>
            {form.media_type === "embed" ? (
              <Textarea
                name="media_url"
                rows={3}
                value={form.media_url}
                onChange={(e) => set("media_url", e.target.value)}
                placeholder={media.hint}
                className="font-mono text-xs"
              />
            ) : (
              <Input
                name="media_url"
                type="url"
                value={form.media_url}
                onChange={(e) => set("media_url", e.target.value)}
                placeholder={media.hint}
              />
            )}
          </Field>
        )}
      </div>
    </>
  );
}

/** A single product's own pricing option and what its buyers receive (a bundle has neither). */
function SingleProductFields({
  form,
  set,
  step,
  code,
  recurring,
  ...delivery
}: Omit<ProductFormFieldsProps, "currencyLocked" | "productId"> & { step: number; code: string; recurring: boolean }) {
  return (
    <>
      {/* Pay what you want is one-time only: a membership's price is its tiers'. */}
      <div className={`space-y-3 rounded-xl border border-slate-200 p-3 ${recurring ? "hidden" : ""}`}>
        <label className="flex items-start gap-2.5 text-sm">
          <input
            type="checkbox"
            name="pay_what_you_want"
            className="mt-0.5 h-4 w-4 accent-brand-600"
            checked={form.pay_what_you_want}
            onChange={(e) => set("pay_what_you_want", e.target.checked)}
          />
          <span>
            <span className="font-medium text-slate-900">Pay what you want</span>
            <span className="block text-xs text-slate-500">
              The price becomes the minimum; buyers choose how much to pay.
            </span>
          </span>
        </label>
        {form.pay_what_you_want && (
          <Field label={`Suggested price (${code})`} hint="Optional; pre-filled for buyers, at least the minimum">
            <Input
              name="suggested_price"
              type="number"
              inputMode="decimal"
              min={0}
              step={step}
              value={form.suggested_price}
              onChange={(e) => set("suggested_price", e.target.value)}
            />
          </Field>
        )}
      </div>
      <DeliveryFields
        {...delivery}
        contentUrl={form.content_url}
        onContentUrl={(v) => set("content_url", v)}
        licenseKeys={form.license_keys}
        onLicenseKeys={(v) => set("license_keys", v)}
      />
    </>
  );
}
