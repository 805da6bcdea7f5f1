import { useState } from "react";
import { Card, CardContent, CardHeader } from "@/components/ui/Card";
import { SegmentedControl } from "@/components/ui/SegmentedControl";
import { Spinner } from "@/components/ui/Spinner";
import { useChartData } from "@/features/dashboard/api/chartData";
import { useCreatorCurrency } from "@/features/dashboard/api/productsAnalytics";
import { useChartCurrency } from "@/lib/chartCurrency";
import { CurrencySwitch } from "@/components/CurrencySwitch";
import { SalesChart, type ChartKind } from "./SalesChart";

/**
 * The 'Sales Analytics' block: Line/Bar toggle over the last 30 days, a currency switch when
 * the seller earned in more than one, a loading state and an empty state.
 */
export function SalesAnalytics() {
  const [kind, setKind] = useState<ChartKind>("line");
  const chart = useChartData();
  const money = useChartCurrency(chart.data, useCreatorCurrency());
  const hasData = (chart.data ?? []).some((p) => p.sales > 0 || money.currencies.length > 0);
  return (
    <Card>
      <CardHeader
        title="Sales Analytics"
        description="Sales and revenue over the last 30 days"
        action={
          <div className="flex flex-wrap items-center gap-2">
            <CurrencySwitch currencies={money.currencies} value={money.currency} onChange={money.setCurrency} />
            <SegmentedControl
              label="Chart type"
              size="sm"
              value={kind}
              onChange={setKind}
              options={[
                { value: "line", label: "Line" },
                { value: "bar", label: "Bar" },
              ]}
            />
          </div>
        }
      />
      <CardContent>
        {chart.isPending ? (
          <div className="flex h-[320px] items-center justify-center">
            <Spinner label="Loading sales data…" />
          </div>
        ) : !hasData ? (
          <div className="flex h-[320px] items-center justify-center rounded-xl bg-slate-50 text-sm text-slate-500">
            No sales data available yet
          </div>
        ) : (
          <SalesChart data={chart.data!} kind={kind} currency={money.currency} several={money.currencies.length > 1} />
        )}
      </CardContent>
    </Card>
  );
}
