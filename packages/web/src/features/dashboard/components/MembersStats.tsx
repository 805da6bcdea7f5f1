import { IconRefresh, IconUsers } from "@/components/ui/icons";
import { MoneyLines } from "@/components/MoneyLines";
import { IconDollar, IconTrend } from "@/components/navIcons";
import { formatCount } from "@/lib/format";
import { useDashboardStats } from "@/lib/stats";
import { Stat } from "./StatsStrip";

/**
 * The Members section's figures, from the dashboard stats (write-time aggregates): monthly
 * recurring revenue per currency (never added together), paying members, members on a free
 * trial, and memberships that ended in the last 30 days.
 */
export function MembersStats() {
  const { data: stats, isPending } = useDashboardStats();
  return (
    <section aria-label="Membership figures" className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
      <Stat
        label="MRR"
        icon={<IconDollar />}
        tone="bg-emerald-50 text-emerald-600"
        loading={isPending}
        testId="stat-mrr"
      >
        {stats && <MoneyLines byCurrency={stats.mrr_by_currency} />}
      </Stat>
      <Stat
        label="Members"
        icon={<IconUsers />}
        tone="bg-brand-50 text-brand-600"
        loading={isPending}
        testId="stat-members"
      >
        {stats && formatCount(stats.active_members)}
      </Stat>
      <Stat
        label="On a free trial"
        icon={<IconRefresh />}
        tone="bg-sky-50 text-sky-600"
        loading={isPending}
        testId="stat-trialing"
      >
        {stats && formatCount(stats.trialing_members)}
      </Stat>
      <Stat
        label="Ended (30 days)"
        icon={<IconTrend />}
        tone="bg-amber-50 text-amber-600"
        loading={isPending}
        testId="stat-churned"
      >
        {stats && formatCount(stats.churned_members_30d)}
      </Stat>
    </section>
  );
}
