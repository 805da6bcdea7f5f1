import { useState } from "react";
import { SaleStatusBadge } from "@/components/SaleStatusBadge";
import { Card } from "@/components/ui/Card";
import { EmailAddress } from "@/components/ui/EmailAddress";
import { Select } from "@/components/ui/Select";
import { Skeleton } from "@/components/ui/Skeleton";
import { Table, TBody, TD, TH, THead, TR } from "@/components/ui/Table";
import { LoadMore } from "@/components/LoadMore";
import { PhoneRecordList } from "@/components/PhoneRecordList";
import { useAdminSales } from "@/features/admin/api/sales";
import { formatDate, formatSaleAmount } from "@/features/admin/lib/format";
import { SectionHeader } from "./SectionHeader";

/** All Sales: every purchase on the platform, newest first; deleted sellers' sales included. */
export function SalesSection() {
  const [status, setStatus] = useState("all");
  const sales = useAdminSales(status);
  const rows = sales.data?.pages.flatMap((p) => p.sales) ?? [];
  return (
    <div className="space-y-6">
      <SectionHeader
        title="All Sales"
        description="Every purchase across the platform."
        action={
          <Select
            aria-label="Filter by status"
            value={status}
            onChange={(e) => setStatus(e.target.value)}
            className="w-44"
            options={[
              { value: "all", label: "All statuses" },
              { value: "completed", label: "Completed" },
              { value: "refunded", label: "Refunded" },
              { value: "disputed", label: "Disputed" },
            ]}
          />
        }
      />
      <Card className="overflow-hidden">
        {sales.isPending ? (
          <div className="space-y-3 p-5">
            {Array.from({ length: 4 }, (_, i) => (
              <Skeleton key={i} className="h-10 w-full" />
            ))}
          </div>
        ) : rows.length === 0 ? (
          <p className="p-8 text-center text-sm text-slate-500">No sales yet</p>
        ) : (
          <>
            <PhoneRecordList
              label="All sales"
              records={rows.map((s) => ({
                id: s.id,
                title: s.product_name,
                detail: `${s.customer_email} · from ${s.creator_name || "—"}`,
                amount: formatSaleAmount(s.amount, s.currency),
                date: formatDate(s.created_at),
                status: <SaleStatusBadge status={s.status} />,
              }))}
            />
            <div className="hidden sm:block">
              <Table caption="All sales">
                <THead>
                  <TR>
                    <TH>Date</TH>
                    <TH>Product</TH>
                    <TH>Creator</TH>
                    <TH>Customer</TH>
                    <TH className="text-right">Amount</TH>
                    <TH>Status</TH>
                  </TR>
                </THead>
                <TBody>
                  {rows.map((s) => (
                    <TR key={s.id}>
                      <TD className="whitespace-nowrap text-slate-500">{formatDate(s.created_at)}</TD>
                      <TD className="max-w-[14rem] truncate font-medium text-slate-900">{s.product_name}</TD>
                      <TD className="max-w-[10rem] truncate">{s.creator_name || "—"}</TD>
                      <TD className="max-w-[14rem]">
                        <EmailAddress email={s.customer_email} />
                      </TD>
                      <TD className="text-right tabular-nums">{formatSaleAmount(s.amount, s.currency)}</TD>
                      <TD>
                        <SaleStatusBadge status={s.status} />
                      </TD>
                    </TR>
                  ))}
                </TBody>
              </Table>
            </div>
          </>
        )}
        <LoadMore
          hasMore={!!sales.hasNextPage}
          loading={sales.isFetchingNextPage}
          onClick={() => sales.fetchNextPage()}
        />
      </Card>
    </div>
  );
}
