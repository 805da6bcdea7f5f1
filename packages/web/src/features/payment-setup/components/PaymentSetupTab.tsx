import { useEffect, useState, type FormEvent } from "react";
import { ApiError } from "@/lib/api";
import { Button } from "@/components/ui/Button";
import { Field } from "@/components/ui/Field";
import { Input } from "@/components/ui/Input";
import { SegmentedControl } from "@/components/ui/SegmentedControl";
import { Skeleton } from "@/components/ui/Skeleton";
import { confirmDialog } from "@/components/ui/ConfirmDialog";
import { toast } from "@/components/ui/toast";
import { DEFAULT_INTEGRATION, type PaymentIntegration, type Provider } from "@/features/payment-setup/api/types";
import { usePaymentIntegration } from "@/features/payment-setup/api/usePaymentIntegration";
import { useSavePaymentIntegration } from "@/features/payment-setup/api/useSavePaymentIntegration";
import { useDeletePaymentIntegration } from "@/features/payment-setup/api/useDeletePaymentIntegration";
import { IntegrationStatus } from "./IntegrationStatus";
import { AutomaticTaxSwitch } from "./AutomaticTaxSwitch";
import { PayPalFields } from "./PayPalFields";
import { RestrictedKeyHelp } from "./RestrictedKeyHelp";
import { SecretInput } from "./SecretInput";

const DELETE_CONFIRM =
  "Are you sure you want to delete your payment integration? This will disable checkout for all your products.";

/**
 * Saved secrets only ever come back masked (rule: Sellers' keys); sending the masked value back
 * unchanged tells the server to keep the stored secret.
 */
const formFrom = (saved: PaymentIntegration | null | undefined): PaymentIntegration => ({
  ...DEFAULT_INTEGRATION,
  ...(saved ?? {}),
  paypal_webhook_id: saved?.paypal_webhook_id ?? "",
});

/** Settings → Payment Setup: the seller's own Stripe or PayPal keys. */
export function PaymentSetupTab() {
  const query = usePaymentIntegration();
  const save = useSavePaymentIntegration();
  const remove = useDeletePaymentIntegration();
  const saved = query.data ?? null;
  const [form, setForm] = useState<PaymentIntegration>(formFrom(saved));
  useEffect(() => setForm(formFrom(query.data)), [query.data]);
  const set = <K extends keyof PaymentIntegration>(key: K, value: PaymentIntegration[K]) =>
    setForm((f) => ({ ...f, [key]: value }));

  const onSave = async (e: FormEvent) => {
    e.preventDefault();
    try {
      await save.mutateAsync(form);
      toast("Payment integration saved successfully!", "success");
    } catch (err) {
      toast(err instanceof ApiError ? `Error: ${err.message}` : "Failed to save payment integration", "error");
    }
  };

  const onDelete = async () => {
    const ok = await confirmDialog({
      title: "Delete payment integration?",
      message: DELETE_CONFIRM,
      confirmLabel: "Delete Integration",
      tone: "danger",
    });
    if (!ok) return;
    try {
      await remove.mutateAsync();
      setForm(formFrom(null)); // Delete resets the form to the default
      toast("Payment integration deleted successfully!", "success");
    } catch (err) {
      toast(err instanceof ApiError ? `Error: ${err.message}` : "Failed to delete payment integration", "error");
    }
  };

  if (query.isPending) return <Skeleton className="h-96 rounded-2xl" />;
  const mode = form.is_live ? "live" : "test";
  const keyHint = (kind: "pk") => `Starts with ${kind}_${mode}_`;
  const savedSecret = (masked: string | undefined) =>
    masked ? "Saved and encrypted. Replace it to use a new key." : undefined;

  return (
    <div className="grid gap-6 lg:grid-cols-[1fr_18rem]">
      <form onSubmit={onSave} className="space-y-6" aria-label="Payment Setup">
        <div>
          <h2 className="text-lg font-semibold text-slate-900">Payment Setup</h2>
          <p className="mt-1 text-sm text-slate-500">
            Connect your own payment account. Buyers pay you directly; without it, checkout is disabled.
          </p>
        </div>

        <fieldset>
          <legend className="text-sm font-medium text-slate-800">Payment provider</legend>
          <div className="mt-2 grid gap-3 sm:grid-cols-2">
            {(["stripe", "paypal"] as Provider[]).map((p) => (
              <label
                key={p}
                className={`flex cursor-pointer items-start gap-3 rounded-xl border p-4 transition-colors ${form.provider === p ? "border-brand-500 bg-brand-50 ring-1 ring-brand-500" : "border-slate-200 hover:border-slate-300"}`}
              >
                <input
                  type="radio"
                  name="provider"
                  value={p}
                  checked={form.provider === p}
                  onChange={() => set("provider", p)}
                  className="mt-1 accent-brand-600"
                />
                <span>
                  <span className="block text-sm font-semibold text-slate-900">
                    {p === "stripe" ? "Stripe" : "PayPal"}
                  </span>
                  <span className="block text-xs text-slate-600">
                    {p === "stripe" ? "Cards, wallets and automatic receipts" : "Buyers pay with their PayPal account"}
                  </span>
                </span>
              </label>
            ))}
          </div>
        </fieldset>

        <div className="flex flex-wrap items-center justify-between gap-3">
          <span className="text-sm font-medium text-slate-800">Environment</span>
          <SegmentedControl
            label="Environment"
            value={mode}
            onChange={(v) => set("is_live", v === "live")}
            options={[
              { value: "test", label: "Test" },
              { value: "live", label: "Live" },
            ]}
          />
        </div>

        {form.provider === "stripe" ? (
          <div className="space-y-4">
            <Field label="Publishable key" hint={keyHint("pk")}>
              <Input
                name="stripe_publishable_key"
                className="font-mono"
                value={form.stripe_publishable_key}
                autoComplete="off"
                onChange={(e) => set("stripe_publishable_key", e.target.value.trim())}
                placeholder={`pk_${mode}_…`}
              />
            </Field>
            <Field
              label="Restricted or secret key"
              hint={
                savedSecret(saved?.provider === "stripe" ? saved.stripe_secret_key : undefined) ??
                `Starts with rk_${mode}_ (restricted, recommended) or sk_${mode}_`
              }
            >
              <SecretInput
                name="stripe_secret_key"
                value={form.stripe_secret_key}
                onChange={(e) => set("stripe_secret_key", e.target.value.trim())}
                placeholder={`rk_${mode}_…`}
              />
            </Field>
            <RestrictedKeyHelp live={form.is_live} />
            <AutomaticTaxSwitch checked={!!form.automatic_tax} onChange={(on) => set("automatic_tax", on)} />
          </div>
        ) : (
          <PayPalFields form={form} saved={saved} set={set} />
        )}

        <label className="flex items-start gap-3 rounded-xl border border-slate-200 p-4">
          <input
            type="checkbox"
            name="is_active"
            checked={form.is_active}
            onChange={(e) => set("is_active", e.target.checked)}
            className="mt-0.5 h-4 w-4 accent-brand-600"
          />
          <span>
            <span className="block text-sm font-medium text-slate-900">Enable this payment integration</span>
            <span className="block text-xs text-slate-500">When disabled, buyers cannot purchase your products.</span>
          </span>
        </label>

        <div className="flex flex-col-reverse gap-2 border-t border-slate-100 pt-5 sm:flex-row sm:items-center">
          {saved && (
            <Button
              variant="ghost"
              className="text-red-600 hover:bg-red-50 sm:mr-auto"
              onClick={onDelete}
              loading={remove.isPending}
            >
              Delete Integration
            </Button>
          )}
          <Button
            variant="secondary"
            className="sm:ml-auto"
            onClick={() => setForm(formFrom(saved))}
            disabled={save.isPending}
          >
            Reset
          </Button>
          <Button type="submit" loading={save.isPending}>
            Save Integration
          </Button>
        </div>
      </form>
      <IntegrationStatus saved={saved} />
    </div>
  );
}

export default PaymentSetupTab;
