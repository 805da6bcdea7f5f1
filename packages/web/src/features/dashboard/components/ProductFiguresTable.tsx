import { Badge } from "@/components/ui/Badge";
import { Card, CardHeader } from "@/components/ui/Card";
import { EmptyState } from "@/components/ui/EmptyState";
import { SkeletonText } from "@/components/ui/Skeleton";
import { Table, TBody, TD, TH, THead, TR } from "@/components/ui/Table";
import { IconChart } from "@/components/ui/icons";
import { useProductsAnalytics } from "@/features/dashboard/api/productsAnalytics";
import { formatCount, formatMoney, formatPercent } from "@/features/dashboard/lib/format";

/** Analytics section: views, sales, revenue and conversion for each product. */
export function ProductFiguresTable() {
  const q = useProductsAnalytics();
  return (
    <Card className="overflow-hidden">
      <CardHeader
        title="Product performance"
        description="Sales-page views, sales, revenue and conversion per product, all time."
      />
      {q.isPending ? (
        <div className="p-6">
          <SkeletonText lines={4} />
        </div>
      ) : !q.data?.length ? (
        <div className="p-6">
          <EmptyState
            icon={<IconChart />}
            title="No products yet"
            description="Create a product to see how its sales page performs."
          />
        </div>
      ) : (
        <Table caption="Product performance">
          <THead>
            <TR>
              <TH>Product</TH>
              <TH className="text-right">Views</TH>
              <TH className="text-right">Sales</TH>
              <TH className="text-right">Revenue</TH>
              <TH className="text-right">Conversion</TH>
            </TR>
          </THead>
          <TBody>
            {q.data.map((p) => (
              <TR key={p.id}>
                <TD>
                  <div className="flex items-center gap-2">
                    <span className="font-medium text-slate-900">{p.name}</span>
                    {!p.is_active && <Badge>Inactive</Badge>}
                  </div>
                </TD>
                <TD className="text-right tabular-nums">{formatCount(p.views)}</TD>
                <TD className="text-right tabular-nums">{formatCount(p.sales)}</TD>
                <TD className="text-right tabular-nums">{formatMoney(p.revenue, p.currency)}</TD>
                <TD className="text-right tabular-nums">{formatPercent(p.conversionRate)}</TD>
              </TR>
            ))}
          </TBody>
        </Table>
      )}
    </Card>
  );
}
