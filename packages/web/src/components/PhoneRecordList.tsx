import type { ReactNode } from "react";

export interface PhoneRecord {
  id: string;
  title: string;
  /** The other party: the customer's e-mail in Sales History, the creator in Purchase History. */
  detail: string;
  amount: string;
  date: string;
  status: ReactNode;
  /** More about the record under its detail (Sales History: the licence key). */
  note?: ReactNode;
  /** A control for the record (Sales History: Refund), under its status. */
  action?: ReactNode;
}

/**
 * The phone form of a sales/purchases table: one stacked row per record, so all five
 * columns stay readable at 390px instead of hiding behind a sideways scroll.
 * The table itself is shown from the sm breakpoint up.
 */
export function PhoneRecordList({ label, records }: { label: string; records: PhoneRecord[] }) {
  return (
    <ul className="divide-y divide-slate-100 sm:hidden" aria-label={label}>
      {records.map((r) => (
        <li key={r.id} className="px-4 py-3.5">
          <div className="flex items-start justify-between gap-3">
            <p className="min-w-0 font-medium text-slate-900">{r.title}</p>
            <p className="shrink-0 font-semibold tabular-nums text-slate-900">{r.amount}</p>
          </div>
          <p className="mt-0.5 text-sm text-slate-500 [overflow-wrap:anywhere]">{r.detail}</p>
          {r.note}
          <div className="mt-2 flex items-center justify-between gap-3 text-sm text-slate-500">
            <span>{r.date}</span>
            {r.status}
          </div>
          {r.action && <div className="mt-2 flex justify-end">{r.action}</div>}
        </li>
      ))}
    </ul>
  );
}
