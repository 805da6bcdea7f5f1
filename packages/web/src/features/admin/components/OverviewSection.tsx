import { Card, CardContent, CardHeader } from "@/components/ui/Card";
import { Skeleton } from "@/components/ui/Skeleton";
import { IconCard, IconUsers } from "@/components/ui/icons";
import { IconBox, IconMoney } from "@/components/navIcons";
import { useAdminChart } from "@/features/admin/api/chartData";
import { useAdminStats } from "@/features/admin/api/stats";
import { formatByCurrency, formatCount } from "@/features/admin/lib/format";
import { MoneyLines } from "@/components/MoneyLines";
import { OverviewCharts } from "./OverviewCharts";
import { SectionHeader } from "./SectionHeader";
import { StatCard } from "./StatCard";

/** Overview: the four cards, Plan Distribution and, once there is data, the four charts. */
export function OverviewSection() {
  const stats = useAdminStats();
  const chart = useAdminChart();
  const s = stats.data;
  const loading = stats.isPending;
  const plans = {
    Free: s?.users.free_users ?? 0,
    Starter: s?.users.starter_users ?? 0,
    Pro: s?.users.pro_users ?? 0,
    Business: s?.users.business_users ?? 0,
  };
  const hasChartData = (chart.data ?? []).some(
    (p) => p.sales > 0 || p.users > 0 || Object.values(p.revenue_by_currency).some(Boolean),
  );

  return (
    <div className="space-y-6">
      <SectionHeader title="Overview" description="How the whole platform is doing." />
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <StatCard
          testId="card-users"
          label="Total Users"
          loading={loading}
          icon={<IconUsers />}
          value={formatCount(s?.users.total_users ?? 0)}
          sub={`${formatCount(s?.users.active_users ?? 0)} active`}
        />
        <StatCard
          testId="card-revenue"
          label="Total Revenue"
          loading={loading}
          tone="emerald"
          icon={<IconMoney />}
          // Each currency its own figure, never one sum.
          value={<MoneyLines byCurrency={s?.products.revenue_by_currency} usd={s?.products.total_revenue} />}
          sub={`${formatByCurrency(s?.recent.revenue_30d_by_currency, s?.recent.revenue_30d).join(" · ")} last 30d`}
        />
        <StatCard
          testId="card-sales"
          label="Total Sales"
          loading={loading}
          tone="sky"
          icon={<IconCard />}
          value={formatCount(s?.products.total_sales ?? 0)}
          sub={`${formatCount(s?.recent.new_sales_30d ?? 0)} last 30d`}
        />
        <StatCard
          testId="card-products"
          label="Total Products"
          loading={loading}
          tone="amber"
          icon={<IconBox />}
          value={formatCount(s?.products.total_products ?? 0)}
          sub={`${formatCount(s?.products.active_products ?? 0)} active`}
        />
      </div>

      <Card>
        <CardHeader title="Plan Distribution" description="Paid plans across all accounts." />
        <CardContent className="grid gap-4 sm:grid-cols-3">
          {(["Starter", "Pro", "Business"] as const).map((name) => {
            const total = Math.max(1, plans.Starter + plans.Pro + plans.Business);
            return (
              <div
                key={name}
                className="rounded-xl border border-slate-200 p-4"
                data-testid={`plan-${name.toLowerCase()}`}
              >
                <div className="flex items-baseline justify-between">
                  <p className="text-sm font-medium text-slate-600">{name}</p>
                  {loading ? (
                    <Skeleton className="h-6 w-8" />
                  ) : (
                    <p className="text-xl font-bold text-slate-900">{formatCount(plans[name])}</p>
                  )}
                </div>
                <div className="mt-3 h-1.5 overflow-hidden rounded-full bg-slate-100">
                  <div
                    className="h-full rounded-full bg-brand-500"
                    style={{ width: `${(plans[name] / total) * 100}%` }}
                  />
                </div>
              </div>
            );
          })}
        </CardContent>
      </Card>

      {chart.isPending ? (
        <Skeleton className="h-72 w-full rounded-2xl" />
      ) : hasChartData && chart.data ? (
        <OverviewCharts data={chart.data} plans={plans} />
      ) : null}
    </div>
  );
}
