import { useEffect, useState, type FormEvent } from "react";
import { Button } from "@/components/ui/Button";
import { Card } from "@/components/ui/Card";
import { Field } from "@/components/ui/Field";
import { Input } from "@/components/ui/Input";
import { toast } from "@/components/ui/toast";
import { useAffiliateSettings, useSaveAffiliateSettings } from "@/features/affiliates/api/affiliates";

/** The attribution window: how many days after a click on an affiliate's link a purchase still credits them. */
export function AttributionWindow() {
  const q = useAffiliateSettings();
  const save = useSaveAffiliateSettings();
  const [days, setDays] = useState("");
  const [error, setError] = useState("");
  useEffect(() => {
    if (q.data) setDays(String(q.data.affiliate_cookie_days));
  }, [q.data]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setError("");
    save.mutate(
      { affiliate_cookie_days: Number(days) },
      { onSuccess: () => toast("Attribution window saved.", "success"), onError: (err) => setError(err.message) },
    );
  };

  return (
    <Card className="p-5">
      <form onSubmit={submit} className="flex flex-wrap items-end gap-3" noValidate>
        <Field
          label="Attribution window (days)"
          hint="A purchase within this many days of a click on an affiliate's link credits them (1–90). The last link clicked wins."
          error={error || undefined}
          className="min-w-0 flex-1"
        >
          <Input
            name="affiliate_cookie_days"
            type="number"
            inputMode="numeric"
            min={1}
            max={90}
            step={1}
            value={days}
            onChange={(e) => setDays(e.target.value)}
            className="max-w-32"
            disabled={q.isPending}
          />
        </Field>
        <Button type="submit" variant="secondary" loading={save.isPending} disabled={q.isPending}>
          Save
        </Button>
      </form>
    </Card>
  );
}
