import { Badge } from "@/components/ui/Badge";
import { Card, CardHeader } from "@/components/ui/Card";
import { EmptyState } from "@/components/ui/EmptyState";
import { SkeletonText } from "@/components/ui/Skeleton";
import { IconChart } from "@/components/ui/icons";
import { useProductsAnalytics } from "@/features/dashboard/api/productsAnalytics";
import { FiguresTable } from "./FiguresTable";

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
        <FiguresTable
          caption="Product performance"
          nameHeader="Product"
          rows={q.data.map((p) => ({
            ...p,
            key: p.id,
            name: (
              <div className="flex items-center gap-2">
                <span className="font-medium text-slate-900">{p.name}</span>
                {!p.is_active && <Badge>Inactive</Badge>}
              </div>
            ),
          }))}
        />
      )}
    </Card>
  );
}
