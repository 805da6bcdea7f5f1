import type { ReactNode } from "react";
import { Table, TBody, TD, TH, THead, TR } from "@/components/ui/Table";
import { formatCount, formatMoney, formatPercent } from "@/lib/format";
import { MoneyLines } from "@/components/MoneyLines";

/** One row of sales-page figures: what it is about (a product, a source…) and its numbers. */
export interface FiguresRow {
  key: string;
  name: ReactNode;
  /** The full name as a tooltip, when the cell may cut it short. */
  fullName?: string;
  views: number;
  sales: number;
  /** Minor units of `currency` (USD when absent). */
  revenue: number;
  currency?: string;
  /** Revenue in several currencies (a traffic source sells every product): one line each, never a sum. */
  revenue_by_currency?: Partial<Record<string, number>>;
  conversionRate: number;
  /** A free product: its sales read as claims and its revenue as "Free", not "$0.00". */
  free?: boolean;
}

/**
 * Views, sales, revenue and conversion per row: the product-performance table and the traffic
 * report's tables are the same figures about different things, so they share one markup.
 */
export function FiguresTable({
  caption,
  nameHeader,
  nameClassName,
  rows,
}: {
  caption: string;
  nameHeader: string;
  nameClassName?: string;
  rows: FiguresRow[];
}) {
  return (
    <Table caption={caption}>
      <THead>
        <TR>
          <TH>{nameHeader}</TH>
          <TH className="text-right">Views</TH>
          <TH className="text-right">Sales</TH>
          <TH className="text-right">Revenue</TH>
          <TH className="text-right">Conversion</TH>
        </TR>
      </THead>
      <TBody>
        {rows.map((r) => (
          <TR key={r.key}>
            <TD className={nameClassName} title={r.fullName}>
              {r.name}
            </TD>
            <TD className="text-right tabular-nums">{formatCount(r.views)}</TD>
            <TD className="text-right tabular-nums">
              {r.free ? `${formatCount(r.sales)} ${r.sales === 1 ? "claim" : "claims"}` : formatCount(r.sales)}
            </TD>
            <TD className="text-right tabular-nums">
              {r.free ? (
                "Free"
              ) : r.revenue_by_currency ? (
                <MoneyLines byCurrency={r.revenue_by_currency} none="—" />
              ) : (
                formatMoney(r.revenue, r.currency)
              )}
            </TD>
            <TD className="text-right tabular-nums">{formatPercent(r.conversionRate)}</TD>
          </TR>
        ))}
      </TBody>
    </Table>
  );
}
