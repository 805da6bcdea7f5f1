import type { ReactNode } from "react";
import { Card } from "@/components/ui/Card";
import { Skeleton } from "@/components/ui/Skeleton";
import { IconUsers } from "@/components/ui/icons";
import type { DashboardStats } from "@/lib/stats";
import { formatCount, formatPercent } from "@/lib/format";
import { MoneyLines } from "@/components/MoneyLines";
import { IconBox, IconDollar, IconTrend } from "@/components/navIcons";

/** The stats strip: revenue, products as count / limit, customers, conversion. */
export function StatsStrip({ stats, loading }: { stats?: DashboardStats; loading?: boolean }) {
  const limit = stats?.productLimit === null ? "∞" : String(stats?.productLimit ?? "");
  return (
    <section aria-label="Your stats" className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
      <Stat
        label="Total Revenue"
        icon={<IconDollar />}
        tone="bg-emerald-50 text-emerald-600"
        loading={loading}
        testId="stat-revenue"
      >
        {/* One figure per currency: dollars and euros are never added up. */}
        {stats && <MoneyLines byCurrency={stats.revenue_by_currency} usd={stats.totalRevenue} />}
      </Stat>
      <Stat
        label="Products"
        icon={<IconBox />}
        tone="bg-brand-50 text-brand-600"
        loading={loading}
        testId="stat-products"
      >
        {stats && `${formatCount(stats.totalProducts)} / ${limit}`}
      </Stat>
      <Stat
        label="Customers"
        icon={<IconUsers />}
        tone="bg-sky-50 text-sky-600"
        loading={loading}
        testId="stat-customers"
      >
        {stats && formatCount(stats.totalCustomers)}
      </Stat>
      <Stat
        label="Conversion Rate"
        icon={<IconTrend />}
        tone="bg-amber-50 text-amber-600"
        loading={loading}
        testId="stat-conversion"
      >
        {stats && formatPercent(stats.conversionRate)}
      </Stat>
    </section>
  );
}

export function Stat({
  label,
  icon,
  tone,
  loading,
  testId,
  children,
}: {
  label: string;
  icon: ReactNode;
  tone: string;
  loading?: boolean;
  testId: string;
  children: ReactNode;
}) {
  return (
    <Card className="p-4 sm:p-5">
      <div className="flex items-start justify-between gap-2">
        <p className="text-xs font-medium uppercase tracking-wide text-slate-500 sm:text-sm sm:normal-case sm:tracking-normal">
          {label}
        </p>
        <span
          className={`hidden h-9 w-9 shrink-0 items-center justify-center rounded-lg sm:flex [&>svg]:h-5 [&>svg]:w-5 ${tone}`}
        >
          {icon}
        </span>
      </div>
      {loading || children === undefined ? (
        <Skeleton className="mt-3 h-7 w-24" />
      ) : (
        <p className="mt-1 truncate text-xl font-bold tracking-tight text-slate-900 sm:text-2xl" data-testid={testId}>
          {children}
        </p>
      )}
    </Card>
  );
}
