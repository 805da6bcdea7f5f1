import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/Button";
import { Card } from "@/components/ui/Card";
import { Field } from "@/components/ui/Field";
import { Input } from "@/components/ui/Input";
import { toast } from "@/components/ui/toast";
import { useSavePayoutDetails } from "@/features/affiliates/api/area";

/** The PayPal e-mail every creator the person promotes pays them at (until set: the e-mail they were invited at). */
export function PayoutDetailsForm({ current, fallback }: { current: string | null; fallback: string }) {
  const save = useSavePayoutDetails();
  const [value, setValue] = useState(current ?? "");
  const [error, setError] = useState("");
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setError("");
    save.mutate(
      { paypal_email: value.trim() },
      { onSuccess: () => toast("Payout details saved.", "success"), onError: (err) => setError(err.message) },
    );
  };
  return (
    <Card className="p-5">
      <h2 className="text-lg font-semibold text-slate-900">Payout details</h2>
      <p className="text-sm text-slate-500">
        Creators pay you with PayPal from their own account. Until you set an address they use {fallback}.
      </p>
      <form onSubmit={submit} className="mt-4 flex flex-wrap items-start gap-3" noValidate>
        <Field label="PayPal e-mail" error={error || undefined} className="min-w-0 flex-1 basis-64">
          <Input
            name="paypal_email"
            type="email"
            autoComplete="email"
            value={value}
            onChange={(e) => setValue(e.target.value)}
            placeholder={fallback}
          />
        </Field>
        <Button type="submit" loading={save.isPending} className="sm:mt-6">
          Save
        </Button>
      </form>
    </Card>
  );
}
