import { Card, CardHeader } from "@/components/ui/Card";
import { Skeleton } from "@/components/ui/Skeleton";
import { Table, TBody, TD, TH, THead, TR } from "@/components/ui/Table";
import { IconCard } from "@/components/ui/icons";
import { IconDollar, IconTrend } from "@/features/dashboard/components/navIcons";
import { useFinance } from "@/features/admin/api/finance";
import type { Finance } from "@/features/admin/api/types";
import { formatByCurrency, formatCount, formatMoney, formatMonth } from "@/features/admin/lib/format";
import { SectionHeader } from "./SectionHeader";
import { StatCard } from "./StatCard";

/** Financial Reports: commission at the commission_rate setting (rule: Commission), AOV = revenue ÷ sales, rounded. */
/** {usd: 2500, eur: 950}: each currency's own average order value (never one mixed average). */
const averages = (f: Finance | undefined) =>
  Object.fromEntries(Object.entries(f?.by_currency ?? {}).map(([c, v]) => [c, v?.average_order_value ?? 0]));

export function FinanceSection() {
  const finance = useFinance();
  const f = finance.data;
  const loading = finance.isPending;
  const rate = f ? `${f.commission_rate}%` : "";
  const months = (f?.monthly ?? []).slice().reverse();
  return (
    <div className="space-y-6">
      <SectionHeader
        title="Financial Reports"
        description="Gross sales, the platform's commission and what creators keep."
      />
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <StatCard
          testId="finance-revenue"
          label="Total revenue"
          loading={loading}
          icon={<IconDollar />}
          tone="emerald"
          value={formatMoney(f?.total_revenue ?? 0)}
          sub={`${formatCount(f?.total_sales ?? 0)} sales`}
        />
        <StatCard
          testId="finance-commission"
          label={`Platform commission (${rate})`}
          loading={loading}
          icon={<IconTrend />}
          value={formatMoney(f?.platform_commission ?? 0)}
          sub={`${rate} of total revenue`}
        />
        <StatCard
          testId="finance-net"
          label="Net to creators"
          loading={loading}
          icon={<IconDollar />}
          tone="sky"
          value={formatMoney(f?.net_to_creators ?? 0)}
          sub="Revenue minus commission"
        />
        <StatCard
          testId="finance-aov"
          label="Average order value"
          loading={loading}
          icon={<IconCard />}
          tone="amber"
          value={formatByCurrency(averages(f), f?.average_order_value ?? 0).join(" · ")}
          sub="Each currency's revenue ÷ its sales"
        />
      </div>
      <Card className="overflow-hidden">
        <CardHeader title="Monthly breakdown" description="The last 12 months." />
        {loading ? (
          <div className="p-5">
            <Skeleton className="h-40 w-full" />
          </div>
        ) : (
          <Table caption="Monthly breakdown">
            <THead>
              <TR>
                <TH>Month</TH>
                <TH className="text-right">Sales</TH>
                <TH className="text-right">Revenue</TH>
                <TH className="text-right">Commission</TH>
                <TH className="text-right">Net to creators</TH>
              </TR>
            </THead>
            <TBody>
              {months.map((m) => (
                <TR key={m.month}>
                  <TD className="font-medium text-slate-900">{formatMonth(m.month)}</TD>
                  <TD className="text-right tabular-nums">{formatCount(m.sales)}</TD>
                  <TD className="text-right tabular-nums">{formatMoney(m.revenue)}</TD>
                  <TD className="text-right tabular-nums">{formatMoney(m.commission)}</TD>
                  <TD className="text-right tabular-nums">{formatMoney(m.net_to_creators)}</TD>
                </TR>
              ))}
            </TBody>
          </Table>
        )}
      </Card>
    </div>
  );
}
