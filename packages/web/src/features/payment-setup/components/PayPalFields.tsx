import { Field } from "@/components/ui/Field";
import { Input } from "@/components/ui/Input";
import type { PaymentIntegration } from "@/features/payment-setup/api/types";
import { SecretInput } from "./SecretInput";

interface Props {
  form: PaymentIntegration;
  saved: PaymentIntegration | null;
  set: <K extends keyof PaymentIntegration>(key: K, value: PaymentIntegration[K]) => void;
}

/**
 * The PayPal part of Payment Setup: the seller's REST app credentials. Payloft checks them with
 * PayPal on save and registers its own webhook on the app, so there is no webhook field to fill.
 */
export function PayPalFields({ form, saved, set }: Props) {
  const env = form.is_live ? "Live" : "Sandbox";
  const savedPayPal = saved?.provider === "paypal" ? saved : null;
  return (
    <div className="space-y-4">
      <Field label="Client ID" hint={`Your PayPal app's ${env} client ID (developer.paypal.com → Apps & Credentials).`}>
        <Input
          name="paypal_client_id"
          className="font-mono"
          value={form.paypal_client_id}
          autoComplete="off"
          spellCheck={false}
          onChange={(e) => set("paypal_client_id", e.target.value.trim())}
        />
      </Field>
      <Field
        label="Client secret"
        hint={
          savedPayPal?.paypal_client_secret
            ? "Saved and encrypted. Replace it to use a new secret."
            : `The ${env} secret of the same app.`
        }
      >
        <SecretInput
          name="paypal_client_secret"
          value={form.paypal_client_secret}
          onChange={(e) => set("paypal_client_secret", e.target.value.trim())}
        />
      </Field>
      <p className="rounded-xl bg-slate-50 p-3 text-xs leading-relaxed text-slate-600" aria-live="polite">
        {savedPayPal?.paypal_webhook_id ? (
          <>
            Connected. Payloft's webhook is registered on your PayPal app (ID{" "}
            <span className="break-all font-mono">{savedPayPal.paypal_webhook_id}</span>), so payments, refunds and
            disputes reach your dashboard.
          </>
        ) : (
          "When you save, Payloft checks these credentials with PayPal and registers its webhook on your app for payments, refunds and disputes."
        )}
      </p>
    </div>
  );
}
