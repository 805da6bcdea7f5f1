import { IconUsers } from "@/components/ui/icons";
import type { DashboardStats } from "@/lib/stats";
import { formatCount, formatPercent } from "@/lib/format";
import { useZeroMoney } from "@/features/dashboard/api/productsAnalytics";
import { MoneyLines, hasMoney } from "@/components/MoneyLines";
import { IconBox, IconMoney, IconTrend } from "@/components/navIcons";
import { StatStrip } from "./StatCard";

/** The stats strip: revenue, products as count / limit, customers, conversion. */
export function StatsStrip({ stats, loading }: { stats?: DashboardStats; loading?: boolean }) {
  const zero = useZeroMoney();
  const limit = stats?.productLimit === null ? "∞" : String(stats?.productLimit ?? "");
  return (
    <StatStrip
      label="Your stats"
      loading={loading}
      figures={[
        {
          label: "Total Revenue",
          icon: <IconMoney />,
          testId: "stat-revenue",
          // One figure per currency: dollars and euros are never added up; none yet reads 0 in the creator's own.
          value:
            stats && (zero !== undefined || hasMoney(stats.revenue_by_currency, stats.totalRevenue)) ? (
              <MoneyLines byCurrency={stats.revenue_by_currency} usd={stats.totalRevenue} none={zero} />
            ) : undefined,
        },
        {
          label: "Products",
          icon: <IconBox />,
          testId: "stat-products",
          value: stats && `${formatCount(stats.totalProducts)} / ${limit}`,
        },
        {
          label: "Customers",
          icon: <IconUsers />,
          testId: "stat-customers",
          value: stats && formatCount(stats.totalCustomers),
        },
        {
          label: "Conversion Rate",
          icon: <IconTrend />,
          testId: "stat-conversion",
          value: stats && formatPercent(stats.conversionRate),
        },
      ]}
    />
  );
}
