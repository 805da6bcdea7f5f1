import { useState } from "react";
import { Button } from "@/components/ui/Button";
import { Card } from "@/components/ui/Card";
import { IconDownload } from "@/components/ui/icons";
import { SkeletonText } from "@/components/ui/Skeleton";
import { formatMoney } from "@/lib/format";
import { DUE_CSV_URL, usePayoutsDue } from "@/features/affiliates/api/affiliates";
import { MarkPaidDialog, type DueLine } from "./MarkPaidDialog";

/**
 * Payouts due: what the creator owes each affiliate, one line per currency (never converted).
 * "Download CSV" is PayPal Payouts' bulk file of exactly these lines; once the creator has sent
 * one, "Mark as paid" records it with the creator's note and the line goes away.
 */
export function PayoutsDue() {
  const q = usePayoutsDue();
  const lines = (q.data ?? []).flatMap((row) =>
    Object.entries(row.due).map(([currency, amount]) => ({ row, currency, amount: amount ?? 0 })),
  );

  const [paying, setPaying] = useState<DueLine | null>(null);

  return (
    <Card className="p-5">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id="payouts-due-heading" className="text-lg font-semibold text-slate-900">
            Payouts due
          </h2>
          <p className="text-sm text-slate-500">
            Upload the CSV to PayPal Payouts to pay everyone at once, then mark each payment as paid.
          </p>
        </div>
        {lines.length > 0 && (
          <a
            href={DUE_CSV_URL}
            download="affiliate-payouts.csv"
            className="inline-flex items-center gap-2 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand-500"
          >
            <IconDownload className="h-4 w-4" /> Download CSV
          </a>
        )}
      </div>
      {q.isPending ? (
        <SkeletonText lines={3} className="mt-4" />
      ) : q.isError ? (
        <p className="mt-4 text-sm text-slate-500">What is due could not be loaded. Please try again.</p>
      ) : lines.length === 0 ? (
        <p className="mt-4 text-sm text-slate-500" data-testid="payouts-due-empty">
          Nothing is due: every commission is paid.
        </p>
      ) : (
        <ul className="mt-4 divide-y divide-slate-100" aria-label="Payouts due">
          {lines.map((line) => (
            <li
              key={`${line.row.affiliate_id}-${line.currency}`}
              className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 py-3"
              data-testid="payout-due"
            >
              <div className="min-w-0">
                <p className="font-medium text-slate-900 [overflow-wrap:anywhere]">{line.row.email}</p>
                {line.row.paypal_email !== line.row.email && (
                  <p className="text-sm text-slate-500 [overflow-wrap:anywhere]">PayPal: {line.row.paypal_email}</p>
                )}
              </div>
              <div className="flex items-center gap-3">
                <span className="font-semibold tabular-nums text-slate-900">
                  {formatMoney(line.amount, line.currency)}
                </span>
                <Button
                  size="sm"
                  variant="secondary"
                  onClick={() =>
                    setPaying({
                      affiliate_id: line.row.affiliate_id,
                      email: line.row.email,
                      paypal_email: line.row.paypal_email,
                      currency: line.currency,
                      amount: line.amount,
                    })
                  }
                >
                  Mark as paid
                  <span className="sr-only">
                    {" "}
                    {formatMoney(line.amount, line.currency)} to {line.row.email}
                  </span>
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      {paying && <MarkPaidDialog line={paying} onClose={() => setPaying(null)} />}
    </Card>
  );
}
