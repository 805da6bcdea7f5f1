import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/Button";
import { Dialog } from "@/components/ui/Dialog";
import { Field } from "@/components/ui/Field";
import { Input } from "@/components/ui/Input";
import { toast } from "@/components/ui/toast";
import { formatMoney } from "@/lib/format";
import { useRecordPayout } from "@/features/affiliates/api/affiliates";

export interface DueLine {
  affiliate_id: string;
  email: string;
  paypal_email: string;
  currency: string;
  amount: number;
}

/** The note's longest (the API's limit: POST /api/affiliates/{id}/payouts). */
const NOTE_MAX = 200;

/**
 * "Mark as paid": records money the creator sent one affiliate in one currency, with the note
 * both of them then read in the payout history (a PayPal transaction id, "March commissions").
 */
export function MarkPaidDialog({ line, onClose }: { line: DueLine; onClose: () => void }) {
  const pay = useRecordPayout();
  const [note, setNote] = useState("Affiliate commission");
  const [error, setError] = useState<string | null>(null);
  const money = formatMoney(line.amount, line.currency);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    pay.mutate(
      { id: line.affiliate_id, amount: line.amount, currency: line.currency, note: note.trim() },
      {
        onSuccess: () => {
          toast(`${money} to ${line.email} marked as paid.`, "success");
          onClose();
        },
        onError: (err) => setError(err.message),
      },
    );
  };

  return (
    <Dialog
      open
      onClose={onClose}
      dismissible={!pay.isPending}
      size="sm"
      title={`Mark ${money} to ${line.email} as paid?`}
      description={`Do this once you have sent ${money} to ${line.paypal_email} from your PayPal. Their balance due goes down by it.`}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={pay.isPending}>
            Cancel
          </Button>
          <Button type="submit" form="mark-paid-form" loading={pay.isPending}>
            Mark as paid
          </Button>
        </>
      }
    >
      <form id="mark-paid-form" onSubmit={submit} noValidate>
        <Field label="Note" hint="Both of you see it in the payout history, e.g. PayPal's transaction id.">
          <Input
            name="note"
            value={note}
            maxLength={NOTE_MAX}
            onChange={(e) => setNote(e.target.value)}
            autoComplete="off"
            data-autofocus
          />
        </Field>
        {error && (
          <p role="alert" className="mt-3 rounded-lg bg-red-50 px-3 py-2 text-sm font-medium text-red-700">
            {error}
          </p>
        )}
      </form>
    </Dialog>
  );
}
