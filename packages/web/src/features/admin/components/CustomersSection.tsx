import { useState } from "react";
import { Card } from "@/components/ui/Card";
import { Skeleton } from "@/components/ui/Skeleton";
import { Table, TBody, TD, TH, THead, TR } from "@/components/ui/Table";
import { LoadMore } from "@/components/LoadMore";
import { useAdminCustomers } from "@/features/admin/api/customers";
import { formatByCurrency, formatCount, formatDate } from "@/features/admin/lib/format";
import { useDebounced } from "@/features/admin/lib/useDebounced";
import { SearchBox } from "./SearchBox";
import { SectionHeader } from "./SectionHeader";

/** Customer Analytics: buyers across every creator, aggregated at purchase time. */
export function CustomersSection() {
  const [search, setSearch] = useState("");
  const q = useDebounced(search.trim());
  const customers = useAdminCustomers(q);
  const rows = customers.data?.pages.flatMap((p) => p.customers) ?? [];
  return (
    <div className="space-y-6">
      <SectionHeader
        title="Customer Analytics"
        description="Everyone who bought on the platform."
        action={
          <SearchBox value={search} onChange={setSearch} label="Search customers" placeholder="E-mail starts with…" />
        }
      />
      <Card className="overflow-hidden">
        {customers.isPending ? (
          <div className="space-y-3 p-5">
            {Array.from({ length: 4 }, (_, i) => (
              <Skeleton key={i} className="h-10 w-full" />
            ))}
          </div>
        ) : rows.length === 0 ? (
          <p className="p-8 text-center text-sm text-slate-500">
            {q ? `No customers start with "${q}".` : "No customers yet"}
          </p>
        ) : (
          <Table caption="Customers">
            <THead>
              <TR>
                <TH>Customer</TH>
                <TH className="text-right">Purchases</TH>
                <TH className="text-right">Total spent</TH>
                <TH className="text-right">Creators</TH>
                <TH>Last purchase</TH>
              </TR>
            </THead>
            <TBody>
              {rows.map((c) => (
                <TR key={c.email}>
                  <TD className="max-w-[16rem] truncate font-medium text-slate-900">{c.email}</TD>
                  <TD className="text-right tabular-nums">{formatCount(c.total_purchases)}</TD>
                  <TD className="text-right tabular-nums">
                    {formatByCurrency(c.spent_by_currency, c.total_spent).map((line) => (
                      <span key={line} className="block">
                        {line}
                      </span>
                    ))}
                  </TD>
                  <TD className="text-right tabular-nums">{formatCount(c.creators_purchased_from)}</TD>
                  <TD className="whitespace-nowrap text-slate-500">{formatDate(c.last_purchase_at)}</TD>
                </TR>
              ))}
            </TBody>
          </Table>
        )}
        <LoadMore
          hasMore={!!customers.hasNextPage}
          loading={customers.isFetchingNextPage}
          onClick={() => customers.fetchNextPage()}
        />
      </Card>
    </div>
  );
}
