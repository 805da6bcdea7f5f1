import { useState, type FormEvent } from "react";
import { ApiError } from "@/lib/api";
import { Button } from "@/components/ui/Button";
import { Dialog } from "@/components/ui/Dialog";
import { Field } from "@/components/ui/Field";
import { Input } from "@/components/ui/Input";
import { Select } from "@/components/ui/Select";
import { Textarea } from "@/components/ui/Textarea";
import { toast } from "@/components/ui/toast";
import { useCreateProduct } from "@/features/products/api/useCreateProduct";
import type { MediaType, NewProduct } from "@/features/products/api/types";
import { currencySymbol } from "@/features/sales-page/lib/money";
import { CURRENCIES, decimalsOf, toMinor } from "@payloft/core/currency/units";
import type { UploadedFile } from "./FileUpload";
import { DeliveryFields, type ContentSource } from "./DeliveryFields";

const CURRENCY_OPTIONS = CURRENCIES.map((c) => ({ value: c, label: c.toUpperCase() }));

/** Media types and the media_url hint of each; none has no media field. */
const MEDIA_OPTIONS: { value: MediaType; label: string; hint?: string }[] = [
  { value: "none", label: "None" },
  { value: "image", label: "Image", hint: "Enter direct image URL" },
  { value: "youtube", label: "YouTube video", hint: "Enter YouTube video URL" },
  { value: "video", label: "Video file", hint: "Enter video file URL (MP4, WebM, etc.)" },
  { value: "embed", label: "Embed code", hint: "Paste HTML embed code" },
];

type Form = Omit<NewProduct, "price" | "suggested_price" | "content_file"> & { price: string; suggested_price: string };
const EMPTY: Form = {
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
};

/** The limit message, else the server's text, else the fallbacks. */
function errorText(err: unknown): string {
  if (err instanceof ApiError) {
    const limit = err.body.limit;
    if (typeof limit === "number") {
      return `You've reached your plan limit of ${limit} product(s). Please upgrade your plan to add more products.`;
    }
    return typeof err.body.error === "string" && err.body.error ? err.body.error : "Failed to create product";
  }
  return "An error occurred";
}

export function CreateProductDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [form, setForm] = useState<Form>(EMPTY);
  const [error, setError] = useState<string | null>(null);
  const [source, setSource] = useState<ContentSource>("link");
  const [file, setFile] = useState<UploadedFile | null>(null);
  const [uploading, setUploading] = useState(false);
  const create = useCreateProduct();
  const set = <K extends keyof Form>(key: K, value: Form[K]) => setForm((f) => ({ ...f, [key]: value }));
  const media = MEDIA_OPTIONS.find((m) => m.value === form.media_type);
  const code = form.currency.toUpperCase();
  const symbol = currencySymbol(form.currency);
  const step = decimalsOf(form.currency) ? 0.01 : 1;

  const close = () => {
    if (create.isPending) return;
    setError(null);
    onClose();
  };

  const reset = () => {
    setForm(EMPTY);
    setFile(null);
    setSource("link");
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    // Non-numeric input becomes 0; the server converts the typed amount to its minor unit.
    const price = Number.parseFloat(form.price);
    if (source === "file" && !file) {
      setError("Please upload the file buyers receive after purchase, or choose Link.");
      return;
    }
    const suggested = Number.parseFloat(form.suggested_price);
    try {
      await create.mutateAsync({
        ...form,
        price: Number.isFinite(price) ? price : 0,
        // Every amount but the typed price travels in minor units (rule: Cents and server prices).
        suggested_price:
          form.pay_what_you_want && Number.isFinite(suggested) ? toMinor(suggested, form.currency) : null,
        media_url: form.media_type === "none" ? "" : form.media_url,
        content_url: source === "link" ? form.content_url : "",
        content_file: source === "file" && file ? file.key : "",
      });
      reset();
      onClose();
      toast("Product created", "success");
    } catch (err) {
      setError(errorText(err));
    }
  };

  return (
    <Dialog
      open={open}
      onClose={close}
      title="Create New Product"
      description="Describe what you sell; buyers get the content link after paying."
      size="lg"
      dismissible={!create.isPending}
    >
      <form id="create-product" onSubmit={submit} className="space-y-4">
        {error && (
          <div role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700">
            {error}
          </div>
        )}
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
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Currency" hint="Buyers pay in it">
            <Select
              name="currency"
              value={form.currency}
              onChange={(e) => set("currency", e.target.value)}
              options={CURRENCY_OPTIONS}
            />
          </Field>
          <Field
            label={form.pay_what_you_want ? `Minimum price (${code})` : `Price (${code})`}
            required
            hint={form.pay_what_you_want ? "Buyers pay at least this" : `One-time payment, in ${code}`}
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
        </div>
        <div className="space-y-3 rounded-xl border border-slate-200 p-3">
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
          source={source}
          onSource={setSource}
          contentUrl={form.content_url}
          onContentUrl={(v) => set("content_url", v)}
          file={file}
          onFile={setFile}
          onUploading={setUploading}
          licenseKeys={form.license_keys}
          onLicenseKeys={(v) => set("license_keys", v)}
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
      </form>
      <div className="mt-6 flex flex-col-reverse gap-2 border-t border-slate-100 pt-4 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={close} disabled={create.isPending}>
          Cancel
        </Button>
        <Button type="submit" form="create-product" loading={create.isPending} disabled={uploading}>
          {create.isPending ? "Creating..." : uploading ? "Uploading..." : "Create Product"}
        </Button>
      </div>
    </Dialog>
  );
}
