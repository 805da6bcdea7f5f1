import { IconRefresh, IconUsers } from "@/components/ui/icons";
import { MoneyLines, hasMoney } from "@/components/MoneyLines";
import { IconMoney, IconTrend } from "@/components/navIcons";
import { formatCount } from "@/lib/format";
import { useZeroMoney } from "@/features/dashboard/api/productsAnalytics";
import { useDashboardStats } from "@/lib/stats";
import { StatStrip } from "./StatCard";

/**
 * The Members section's figures, from the dashboard stats (write-time aggregates): monthly
 * recurring revenue per currency (never added together), paying members, members on a free
 * trial, and memberships that ended in the last 30 days.
 */
export function MembersStats() {
  const { data: stats, isPending } = useDashboardStats();
  const zero = useZeroMoney();
  return (
    <StatStrip
      label="Membership figures"
      loading={isPending}
      figures={[
        {
          label: "MRR",
          icon: <IconMoney />,
          testId: "stat-mrr",
          // No paying member yet: "£0.00" waits for the creator's currency rather than reading "$0.00" first.
          value:
            stats && (zero !== undefined || hasMoney(stats.mrr_by_currency)) ? (
              <MoneyLines byCurrency={stats.mrr_by_currency} none={zero} />
            ) : undefined,
        },
        {
          label: "Members",
          icon: <IconUsers />,
          testId: "stat-members",
          value: stats && formatCount(stats.active_members),
        },
        {
          label: "On a free trial",
          icon: <IconRefresh />,
          testId: "stat-trialing",
          value: stats && formatCount(stats.trialing_members),
        },
        {
          label: "Ended (30 days)",
          icon: <IconTrend />,
          testId: "stat-churned",
          value: stats && formatCount(stats.churned_members_30d),
        },
      ]}
    />
  );
}
