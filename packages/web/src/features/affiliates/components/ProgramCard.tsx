import { Badge } from "@/components/ui/Badge";
import { CopyButton } from "@/components/ui/CopyButton";
import { MoneyLines } from "@/components/MoneyLines";
import { formatCount } from "@/lib/format";
import type { Program } from "@/features/affiliates/api/area";
import { PayoutHistory } from "./PayoutHistory";

/** One creator the person promotes: their link with a Copy button, rate, clicks, sales, earned, paid and due. */
export function ProgramCard({ program: p }: { program: Program }) {
  const figures: [string, React.ReactNode, string][] = [
    ["Clicks", formatCount(p.clicks), "program-clicks"],
    ["Sales", formatCount(p.sales), "program-sales"],
    ["Earned", <MoneyLines byCurrency={p.earned} none="—" />, "program-earned"],
    ["Paid", <MoneyLines byCurrency={p.paid} none="—" />, "program-paid"],
    ["Due", <MoneyLines byCurrency={p.due} none="—" />, "program-due"],
  ];
  return (
    <li className="min-w-0 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm" data-testid="program">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 className="font-semibold text-slate-900">{p.creator.name}</h3>
          <p className="text-sm text-slate-600">
            {p.commission_percent}% commission{p.product_ids === null ? " on all products" : ""}
          </p>
        </div>
        <Badge tone={p.status === "active" ? "success" : "neutral"}>
          {p.status === "active" ? "Active" : "Paused"}
        </Badge>
      </div>
      <div className="mt-3 flex items-center gap-2 rounded-lg border border-slate-200 bg-slate-50 p-1.5 pl-3">
        <code className="min-w-0 flex-1 truncate text-sm text-slate-800" data-testid="program-link">
          {p.link}
        </code>
        <CopyButton value={p.link} what="link" />
      </div>
      {p.status === "paused" && (
        <p className="mt-2 text-sm text-amber-700">
          Paused by the creator: sales through your link earn nothing for now.
        </p>
      )}
      <dl className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-5">
        {figures.map(([label, value, testId]) => (
          // Due, the figure that matters most, takes a row of its own on a phone.
          <div
            key={label}
            className={`rounded-lg bg-slate-50 px-3 py-2 ${label === "Due" ? "col-span-2 sm:col-span-1" : ""}`}
          >
            <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">{label}</dt>
            <dd className="mt-0.5 font-semibold tabular-nums text-slate-900" data-testid={testId}>
              {value}
            </dd>
          </div>
        ))}
      </dl>
      <PayoutHistory payouts={p.payouts} label="Payouts received" />
    </li>
  );
}
