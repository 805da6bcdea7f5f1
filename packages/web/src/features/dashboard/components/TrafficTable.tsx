import { Card, CardHeader } from "@/components/ui/Card";
import { Table, TBody, TD, TH, THead, TR } from "@/components/ui/Table";
import type { TrafficReport } from "@/features/dashboard/api/traffic";
import { formatCount, formatMoney, formatPercent } from "@/features/dashboard/lib/format";

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
        <Table caption={title}>
          <THead>
            <TR>
              <TH>{title.replace(/s$/, "")}</TH>
              <TH className="text-right">Views</TH>
              <TH className="text-right">Sales</TH>
              <TH className="text-right">Revenue</TH>
              <TH className="text-right">Conversion</TH>
            </TR>
          </THead>
          <TBody>
            {shown.map((r) => (
              <TR key={r.name}>
                <TD className="max-w-48 truncate font-medium text-slate-900" title={r.name}>
                  {r.name}
                </TD>
                <TD className="text-right tabular-nums">{formatCount(r.views)}</TD>
                <TD className="text-right tabular-nums">{formatCount(r.sales)}</TD>
                <TD className="text-right tabular-nums">{formatMoney(r.revenue)}</TD>
                <TD className="text-right tabular-nums">{formatPercent(r.conversionRate)}</TD>
              </TR>
            ))}
          </TBody>
        </Table>
      )}
    </Card>
  );
}
