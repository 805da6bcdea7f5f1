import { SaleStatusBadge, isRevoked } from "@/components/SaleStatusBadge";
import { Card } from "@/components/ui/Card";
import { EmptyState } from "@/components/ui/EmptyState";
import { Table, TBody, TD, TH, THead, TR } from "@/components/ui/Table";
import { IconInbox } from "@/components/ui/icons";
import { formatByCurrency, formatDate, formatSaleAmount, totalsByCurrency } from "@/lib/format";
import type { Purchase } from "@/features/customer/api/purchases";
import { SummaryCard } from "./SummaryCard";
import { PhoneRecordList } from "@/components/PhoneRecordList";

/**
 * Purchase History: Product / Creator / Amount / Date / Status, and the summary. A refunded or
 * disputed purchase shows so and is left out of the money figures (the money went back).
 */
export function PurchaseHistoryTab({ purchases }: { purchases: Purchase[] }) {
  if (!purchases.length)
    return (
      <EmptyState icon={<IconInbox />} title="No purchases yet" description="Your receipts will be listed here." />
    );
  const paid = purchases.filter((p) => !isRevoked(p.status));
  // Per currency: euros and dollars are never added up.
  const spent = totalsByCurrency(paid);
  return (
    <div className="space-y-6">
      <Card className="overflow-hidden">
        <PhoneRecordList
          label="Purchase history"
          records={purchases.map((p) => ({
            id: p.id,
            title: p.product_name,
            detail: p.creator_name ? `by ${p.creator_name}` : "—",
            amount: formatSaleAmount(p.amount, p.currency),
            date: formatDate(p.created_at),
            status: <SaleStatusBadge status={p.status} />,
          }))}
        />
        <div className="hidden sm:block">
          <Table caption="Purchase history">
            <THead>
              <TR>
                <TH>Product</TH>
                <TH>Creator</TH>
                <TH className="text-right">Amount</TH>
                <TH>Date</TH>
                <TH>Status</TH>
              </TR>
            </THead>
            <TBody>
              {purchases.map((p) => (
                <TR key={p.id}>
                  <TD className="font-medium text-slate-900">{p.product_name}</TD>
                  <TD>{p.creator_name || "—"}</TD>
                  <TD className="text-right tabular-nums">{formatSaleAmount(p.amount, p.currency)}</TD>
                  <TD className="whitespace-nowrap text-slate-500">{formatDate(p.created_at)}</TD>
                  <TD>
                    <SaleStatusBadge status={p.status} />
                  </TD>
                </TR>
              ))}
            </TBody>
          </Table>
        </div>
      </Card>
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4">
        <SummaryCard
          label="Total Purchases"
          value={String(paid.length)}
          note={
            paid.length < purchases.length
              ? `${purchases.length - paid.length} refunded or disputed, not counted`
              : undefined
          }
          testId="summary-purchases"
        />
        <SummaryCard label="Total Spent" value={formatByCurrency(spent.totals).join(" · ")} testId="summary-spent" />
        <SummaryCard
          className="col-span-2 sm:col-span-1"
          label="Average Purchase"
          value={formatByCurrency(spent.averages).join(" · ")}
          testId="summary-average"
        />
      </div>
    </div>
  );
}
