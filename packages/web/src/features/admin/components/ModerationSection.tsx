import { useState } from "react";
import { Badge, type BadgeTone } from "@/components/ui/Badge";
import { Button } from "@/components/ui/Button";
import { Card } from "@/components/ui/Card";
import { Skeleton } from "@/components/ui/Skeleton";
import { Table, TBody, TD, TH, THead, TR } from "@/components/ui/Table";
import { cn } from "@/components/ui/cn";
import { LoadMore } from "@/components/LoadMore";
import { useAdminProducts } from "@/features/admin/api/products";
import type { AdminProduct, ModerationStatus } from "@/features/admin/api/types";
import { formatDate, formatMoney, STATUS_LABELS } from "@/features/admin/lib/format";
import { ReviewDialog } from "./ReviewDialog";
import { SectionHeader } from "./SectionHeader";

const FILTERS: ("all" | ModerationStatus)[] = ["all", "pending", "under_review", "approved", "rejected"];
export const STATUS_TONES: Record<ModerationStatus, BadgeTone> = {
  pending: "warning",
  under_review: "info",
  approved: "success",
  rejected: "danger",
};

/** Product Moderation: filter by status with counts; review sets status and notes (rule: Product approval). */
export function ModerationSection() {
  const [filter, setFilter] = useState<(typeof FILTERS)[number]>("all");
  const products = useAdminProducts(filter);
  const [reviewing, setReviewing] = useState<AdminProduct | null>(null);
  const rows = products.data?.pages.flatMap((p) => p.products) ?? [];
  const counts = products.data?.pages[0]?.counts;

  return (
    <div className="space-y-6">
      <SectionHeader
        title="Product Moderation"
        description="Only approved products can be bought. Rejected or pending products show as unavailable."
      />
      <div className="flex flex-wrap gap-2" role="group" aria-label="Filter by status">
        {FILTERS.map((f) => (
          <button
            key={f}
            type="button"
            onClick={() => setFilter(f)}
            aria-pressed={filter === f}
            className={cn(
              "inline-flex items-center gap-2 rounded-full border px-3.5 py-1.5 text-sm font-medium transition-colors",
              filter === f
                ? "border-brand-600 bg-brand-600 text-white"
                : "border-slate-300 bg-white text-slate-700 hover:bg-slate-50",
            )}
          >
            {f === "all" ? "All" : STATUS_LABELS[f]}
            <span
              className={cn(
                "rounded-full px-1.5 text-xs",
                filter === f ? "bg-white/20" : "bg-slate-100 text-slate-600",
              )}
            >
              {counts ? counts[f] : "…"}
            </span>
          </button>
        ))}
      </div>
      <Card className="overflow-hidden">
        {products.isPending ? (
          <div className="space-y-3 p-5">
            {Array.from({ length: 4 }, (_, i) => (
              <Skeleton key={i} className="h-10 w-full" />
            ))}
          </div>
        ) : rows.length === 0 ? (
          <p className="p-8 text-center text-sm text-slate-500">
            No products {filter === "all" ? "yet" : `with status ${STATUS_LABELS[filter].toLowerCase()}`}.
          </p>
        ) : (
          <Table caption="Products to moderate" stickyActions>
            <THead>
              <TR>
                <TH>Product</TH>
                <TH>Creator</TH>
                <TH className="text-right">Price</TH>
                <TH>Status</TH>
                <TH>Reviewed</TH>
                <TH>Created</TH>
                <TH className="text-right">Action</TH>
              </TR>
            </THead>
            <TBody>
              {rows.map((p) => (
                <TR key={p.id} data-testid={`moderation-row-${p.id}`}>
                  {/* Widths that let the table fit 1280 px; Action stays pinned in view regardless. */}
                  <TD className="max-w-[13rem]">
                    <p className="truncate font-medium text-slate-900" title={p.name}>
                      {p.name}
                    </p>
                    {p.moderation_notes && (
                      <p className="truncate text-xs text-slate-500" title={p.moderation_notes}>
                        “{p.moderation_notes}”
                      </p>
                    )}
                  </TD>
                  <TD className="max-w-[11rem]">
                    <p className="truncate">{p.creator_name}</p>
                    <p className="truncate text-xs text-slate-500" title={p.creator_email}>
                      {p.creator_email}
                    </p>
                  </TD>
                  <TD className="text-right tabular-nums">
                    {formatMoney(p.price, p.currency)}
                    {p.pay_what_you_want && "+"}
                  </TD>
                  <TD>
                    <div className="flex flex-wrap gap-1">
                      <Badge tone={STATUS_TONES[p.moderation_status]}>{STATUS_LABELS[p.moderation_status]}</Badge>
                      {!p.is_active && <Badge>Inactive</Badge>}
                    </div>
                  </TD>
                  <TD className="whitespace-nowrap text-xs text-slate-500">
                    {p.moderated_at ? (
                      <>
                        {formatDate(p.moderated_at)}
                        <br />
                        {p.moderated_by_name ?? ""}
                      </>
                    ) : (
                      "—"
                    )}
                  </TD>
                  <TD className="whitespace-nowrap text-slate-500">{formatDate(p.created_at)}</TD>
                  <TD className="text-right">
                    <Button size="sm" variant="secondary" onClick={() => setReviewing(p)}>
                      Review
                    </Button>
                  </TD>
                </TR>
              ))}
            </TBody>
          </Table>
        )}
        <LoadMore
          hasMore={!!products.hasNextPage}
          loading={products.isFetchingNextPage}
          onClick={() => products.fetchNextPage()}
        />
      </Card>
      <ReviewDialog product={reviewing} onClose={() => setReviewing(null)} />
    </div>
  );
}
