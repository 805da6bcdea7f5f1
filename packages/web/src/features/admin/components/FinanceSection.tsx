import { Card, CardHeader } from "@/components/ui/Card";
import { Skeleton } from "@/components/ui/Skeleton";
import { Table, TBody, TD, TH, THead, TR } from "@/components/ui/Table";
import { IconCard } from "@/components/ui/icons";
import { IconMoney, IconTrend } from "@/components/navIcons";
import { useFinance } from "@/features/admin/api/finance";
import { formatCount, formatMonth } from "@/features/admin/lib/format";
import { MoneyLines } from "@/components/MoneyLines";
import { SectionHeader } from "./SectionHeader";
import { StatCard } from "./StatCard";

/**
 * Financial Reports: commission at the commission_rate setting (rule: Commission), AOV =
 * revenue ÷ sales, rounded. Every money figure is kept per currency and shown one line per
 * currency: commission is taken in each sale's own currency and nothing is added across them.
 */
type PerCurrency = Partial<Record<string, Partial<Record<string, number>> | undefined>>;
/** One field of each currency's figures: {usd: {revenue: 2500, …}, eur: {…}} -> {usd: 2500, eur: 950}. */
const each = (by: PerCurrency | undefined, field: string) =>
  Object.fromEntries(Object.entries(by ?? {}).map(([c, v]) => [c, v?.[field] ?? 0]));

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
          icon={<IconMoney />}
          tone="emerald"
          value={<MoneyLines byCurrency={each(f?.by_currency, "revenue")} usd={f?.total_revenue} />}
          sub={`${formatCount(f?.total_sales ?? 0)} sales`}
        />
        <StatCard
          testId="finance-commission"
          label={`Platform commission (${rate})`}
          loading={loading}
          icon={<IconTrend />}
          value={<MoneyLines byCurrency={each(f?.by_currency, "platform_commission")} usd={f?.platform_commission} />}
          sub={`${rate} of total revenue`}
        />
        <StatCard
          testId="finance-net"
          label="Net to creators"
          loading={loading}
          icon={<IconMoney />}
          tone="sky"
          value={<MoneyLines byCurrency={each(f?.by_currency, "net_to_creators")} usd={f?.net_to_creators} />}
          sub="Revenue minus commission"
        />
        <StatCard
          testId="finance-aov"
          label="Average order value"
          loading={loading}
          icon={<IconCard />}
          tone="amber"
          value={<MoneyLines byCurrency={each(f?.by_currency, "average_order_value")} usd={f?.average_order_value} />}
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
                  {(["revenue", "commission", "net_to_creators"] as const).map((field) => (
                    <TD key={field} className="text-right tabular-nums">
                      <MoneyLines byCurrency={each(m.by_currency, field)} none="—" />
                    </TD>
                  ))}
                </TR>
              ))}
            </TBody>
          </Table>
        )}
      </Card>
    </div>
  );
}
