import { Card, CardHeader } from "@/components/ui/Card";
import type { TrafficReport } from "@/features/dashboard/api/traffic";
import { FiguresTable } from "./FiguresTable";

/** One dimension of the traffic report (sources, referrers or campaigns), biggest first. */
export function TrafficTable({
  title,
  description,
  rows,
  limit = 10,
}: {
  title: string;
  description: string;
  rows: TrafficReport["sources"];
  limit?: number;
}) {
  const shown = rows.slice(0, limit);
  return (
    <Card className="overflow-hidden">
      <CardHeader title={title} description={description} />
      {shown.length === 0 ? (
        <p className="px-6 py-5 text-sm text-slate-500">No visits in this period yet.</p>
      ) : (
        <FiguresTable
          caption={title}
          nameHeader={title.replace(/s$/, "")}
          nameClassName="max-w-48 truncate font-medium text-slate-900"
          rows={shown.map((r) => ({ ...r, key: r.name, fullName: r.name }))}
        />
      )}
    </Card>
  );
}
