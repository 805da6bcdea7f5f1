import { SaleStatusBadge } from "@/components/SaleStatusBadge";
import { Badge } from "@/components/ui/Badge";
import { Card } from "@/components/ui/Card";
import { EmptyState } from "@/components/ui/EmptyState";
import { SkeletonText } from "@/components/ui/Skeleton";
import { EmailAddress } from "@/components/ui/EmailAddress";
import { Table, TBody, TD, TH, THead, TR } from "@/components/ui/Table";
import { IconInbox } from "@/components/ui/icons";
import { useSalesHistory, type Sale } from "@/features/settings/api/salesHistory";
import { formatDate, formatMoney, formatSaleAmount } from "@/lib/format";
import { LoadMore } from "@/components/LoadMore";
import { PhoneRecordList } from "@/components/PhoneRecordList";
import { LicenseKeyButton, SaleLicenseKey } from "./LicenseKeyButton";
import { RefundSaleButton } from "./RefundSaleButton";

/**
 * Settings → Sales History: Date, Product, Customer, Amount ($x.xx), Tax (once any sale has tax),
 * Affiliate, Status; newest first.
 * Affiliate: who brought the sale, with the commission it earned them (reversed with a refund).
 * Amount is the price (the seller's revenue); tax collected on top for the state is its own column.
 * A completed sale has a Refund button (with a confirmation); a refunded one says so. A sale
 * sold with a licence key shows it, and while completed can have it disabled or enabled. A free
 * claim is a sale of 0 that reads "Free" and has nothing to refund.
 */

/** Who brought the sale and what they earn from it (in the sale's currency), or nothing. */
function SaleAffiliate({ sale, phone }: { sale: Sale; phone?: boolean }) {
  const a = sale.affiliate;
  if (!a) return phone ? null : <span className="text-slate-400">—</span>;
  const commission = formatMoney(a.commission.amount, a.commission.currency);
  return (
    <span className={phone ? "mt-1 block text-sm text-slate-500" : "block"} data-testid="sale-affiliate">
      {phone && "Affiliate: "}
      <EmailAddress email={a.email} className="text-slate-800" />
      <span className={phone ? "" : "block text-xs text-slate-500"}>
        {phone ? ", " : ""}
        {commission} commission
      </span>
    </span>
  );
}

function SaleActions({ sale, stacked }: { sale: Sale; stacked?: boolean }) {
  if (sale.status !== "completed") return null;
  // Stacked in the table: side by side, two buttons would push the Refund one out of view.
  return (
    <div className={stacked ? "flex flex-col items-end gap-2" : "flex flex-wrap justify-end gap-2"}>
      {sale.license_key && <LicenseKeyButton sale={sale} />}
      {sale.amount > 0 && <RefundSaleButton sale={sale} />}
    </div>
  );
}

/** A membership's later charge: a new period's, or a plan change's prorated invoice. */
const laterCharge = (s: Sale) => (s.charge_kind === "plan_change" ? "Plan change" : "Renewal");

export function SalesHistoryTab() {
  const q = useSalesHistory();
  const sales = q.data?.pages.flatMap((p) => p.sales) ?? [];
  if (q.isPending)
    return (
      <Card className="p-6">
        <SkeletonText lines={5} />
      </Card>
    );
  if (q.isError)
    return <Card className="p-6 text-sm text-slate-500">Sales could not be loaded. Please try again.</Card>;
  if (!sales.length)
    return (
      <EmptyState icon={<IconInbox />} title="No sales yet" description="Sales of your products will show up here." />
    );
  // A Tax column of dashes only widens the table until Status slides under the pinned actions:
  // it shows once any sale listed has tax (Stripe Tax on).
  const anyTax = sales.some((s) => s.tax);
  return (
    <Card className="overflow-hidden">
      <PhoneRecordList
        label="Sales history"
        records={sales.map((s) => ({
          id: s.id,
          title: s.renewal ? `${s.product_name} (${laterCharge(s).toLowerCase()})` : s.product_name,
          detail: s.customer_email,
          amount: s.tax
            ? `${formatMoney(s.amount, s.currency)} + ${formatMoney(s.tax, s.currency)} tax`
            : formatSaleAmount(s.amount, s.currency),
          date: formatDate(s.created_at),
          status: <SaleStatusBadge status={s.status} />,
          note: (
            <>
              <SaleLicenseKey sale={s} />
              <SaleAffiliate sale={s} phone />
            </>
          ),
          action: s.status === "completed" ? <SaleActions sale={s} /> : undefined,
        }))}
      />
      <div className="hidden sm:block">
        <Table caption="Sales history" fit stickyActions>
          <THead>
            <TR>
              <TH>Date</TH>
              <TH>Product</TH>
              <TH>Customer</TH>
              <TH className="text-right">Amount</TH>
              {anyTax && <TH className="text-right">Tax</TH>}
              <TH>Affiliate</TH>
              <TH>Status</TH>
              <TH>
                <span className="sr-only">Actions</span>
              </TH>
            </TR>
          </THead>
          <TBody>
            {sales.map((s) => (
              <TR key={s.id}>
                <TD className="whitespace-nowrap text-slate-500">{formatDate(s.created_at)}</TD>
                <TD className="min-w-40 break-words">
                  <span className="font-medium text-slate-900">{s.product_name}</span>
                  {/* A membership's charge after its first sale (rule: each charge is a sale). */}
                  {s.renewal && (
                    <Badge tone="info" className="ml-2">
                      {laterCharge(s)}
                    </Badge>
                  )}
                  <SaleLicenseKey sale={s} />
                </TD>
                <TD className="min-w-40">
                  <EmailAddress email={s.customer_email} />
                </TD>
                <TD className="text-right tabular-nums">{formatSaleAmount(s.amount, s.currency)}</TD>
                {anyTax && (
                  <TD className="text-right tabular-nums text-slate-500">
                    {s.tax ? formatMoney(s.tax, s.currency) : "—"}
                  </TD>
                )}
                <TD className="min-w-36 text-sm">
                  <SaleAffiliate sale={s} />
                </TD>
                <TD>
                  <SaleStatusBadge status={s.status} />
                </TD>
                <TD className="text-right">
                  <SaleActions sale={s} stacked />
                </TD>
              </TR>
            ))}
          </TBody>
        </Table>
      </div>
      <LoadMore hasMore={!!q.hasNextPage} loading={q.isFetchingNextPage} onClick={() => q.fetchNextPage()} />
    </Card>
  );
}
