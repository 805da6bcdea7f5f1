import { useState, type ReactNode } from "react";
import { SegmentedControl } from "@/components/ui/SegmentedControl";
import { SkeletonText } from "@/components/ui/Skeleton";
import { Card } from "@/components/ui/Card";
import { ApiError } from "@/lib/api";
import { UpgradeCard } from "@/features/plans";
import { useTraffic, type TrafficRange } from "@/features/dashboard/api/traffic";
import { formatCount, formatPercent } from "@/lib/format";
import { MoneyLines } from "@/components/MoneyLines";
import { TrafficTable } from "./TrafficTable";

const RANGES: { value: `${TrafficRange}`; label: string }[] = [
  { value: "7", label: "7 days" },
  { value: "30", label: "30 days" },
  { value: "90", label: "90 days" },
];

/** Analytics → Traffic (Pro and up): where sales-page visits and sales came from. */
export function TrafficSection() {
  const [range, setRange] = useState<`${TrafficRange}`>("30");
  const q = useTraffic(Number(range) as TrafficRange);
  const locked = q.error instanceof ApiError && q.error.status === 403;
  const upgrade = q.error instanceof ApiError ? q.error.body.upgrade : undefined;

  return (
    <section aria-labelledby="traffic-heading" className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="traffic-heading" className="text-lg font-semibold text-slate-900">
            Traffic
          </h2>
          <p className="text-sm text-slate-500">Where your sales-page visitors and buyers came from.</p>
        </div>
        {!locked && <SegmentedControl label="Period" size="sm" options={RANGES} value={range} onChange={setRange} />}
      </div>
      {locked ? (
        <UpgradeCard
          feature="traffic_analytics"
          upgrade={typeof upgrade === "string" ? upgrade : undefined}
          description="See which sites, searches and campaigns bring your visitors and buyers, for the last 7, 30 or 90 days."
        />
      ) : q.isPending ? (
        <Card className="p-6">
          <SkeletonText lines={4} />
        </Card>
      ) : q.isError ? (
        <Card className="p-6 text-sm text-slate-500">Traffic could not be loaded. Please try again.</Card>
      ) : (
        <>
          <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4" data-testid="traffic-totals">
            {(
              [
                ["Views", formatCount(q.data.totals.views)],
                ["Sales", formatCount(q.data.totals.sales)],
                // Per currency, one line each, never one sum; a seller with no sales yet sees "—".
                ["Revenue", <MoneyLines byCurrency={q.data.totals.revenue_by_currency} none="—" />],
                ["Conversion", formatPercent(q.data.totals.conversionRate)],
              ] as [string, ReactNode][]
            ).map(([label, value]) => (
              <div key={label} className="rounded-xl border border-slate-200 bg-white px-4 py-3">
                <dt className="text-xs text-slate-500">{label}</dt>
                <dd className="mt-1 text-lg font-bold text-slate-900" data-testid={`traffic-${label.toLowerCase()}`}>
                  {value}
                </dd>
              </div>
            ))}
          </dl>
          {q.data.totals.unattributed_sales > 0 && (
            <p className="text-sm text-slate-500" data-testid="traffic-unattributed">
              {unattributed(q.data.totals.unattributed_sales)}
            </p>
          )}
          <div className="grid gap-4 2xl:grid-cols-2">
            <TrafficTable
              title="Sources"
              description="utm_source, or the site that linked to you."
              rows={q.data.sources}
            />
            <TrafficTable title="Referrers" description="The site each visit came from." rows={q.data.referrers} />
            <TrafficTable title="Campaigns" description="utm_campaign of your links." rows={q.data.campaigns} />
          </div>
        </>
      )}
    </section>
  );
}

/**
 * Product performance and the stats count every sale; this report only those whose checkout
 * began on a sales-page visit. Said in words, so "Sales 5" here beside 6 there is not a riddle.
 */
function unattributed(others: number): string {
  const one = others === 1;
  return (
    `${formatCount(others)} more ${one ? "sale" : "sales"} in this period did not begin on a sales-page visit ` +
    `(a cart checkout, for one), so no source can claim ${one ? "it" : "them"}. Product performance counts every sale.`
  );
}
