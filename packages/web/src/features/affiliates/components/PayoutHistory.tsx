import { useId } from "react";
import type { Payout } from "@payloft/core/affiliate/shape";
import { formatDate, formatMoney } from "@/lib/format";

/** "Mark as paid" records, newest first: the date, the note, the amount in its own currency. */
export function PayoutHistory({ payouts, label }: { payouts: Payout[]; label: string }) {
  const id = useId();
  if (payouts.length === 0) return null;
  return (
    <div className="mt-3 border-t border-slate-100 pt-3">
      <p id={id} className="text-xs font-medium uppercase tracking-wide text-slate-500">
        {label}
      </p>
      <ul aria-labelledby={id} className="mt-1 divide-y divide-slate-100 text-sm">
        {payouts.map((p, i) => (
          <li
            key={`${p.paid_at}-${i}`}
            className="flex items-baseline justify-between gap-3 py-1.5"
            data-testid="payout"
          >
            <span className="min-w-0 text-slate-600">
              <time dateTime={p.paid_at}>{formatDate(p.paid_at)}</time>
              {p.note && <span className="[overflow-wrap:anywhere]"> · {p.note}</span>}
            </span>
            <span className="shrink-0 font-semibold tabular-nums text-slate-900">
              {formatMoney(p.amount, p.currency)}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
