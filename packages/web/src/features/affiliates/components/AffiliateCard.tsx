import { Badge, type BadgeTone } from "@/components/ui/Badge";
import { Button } from "@/components/ui/Button";
import { confirmDialog } from "@/components/ui/ConfirmDialog";
import { toast } from "@/components/ui/toast";
import { MoneyLines } from "@/components/MoneyLines";
import { formatCount } from "@/lib/format";
import { PayoutHistory } from "./PayoutHistory";
import { useRemoveAffiliate, useUpdateAffiliate, type CreatorAffiliate } from "@/features/affiliates/api/affiliates";

const STATUS: Record<CreatorAffiliate["status"], { label: string; tone: BadgeTone }> = {
  invited: { label: "Invited", tone: "info" },
  active: { label: "Active", tone: "success" },
  paused: { label: "Paused", tone: "neutral" },
  declined: { label: "Declined", tone: "warning" },
  removed: { label: "Removed", tone: "neutral" },
};

/** One affiliate or invitation: status, rate, products, their link, sales, earned and due; pause, resume, remove. */
export function AffiliateCard({
  affiliate: a,
  products,
  entitled,
}: {
  affiliate: CreatorAffiliate;
  products: string;
  entitled: boolean;
}) {
  const update = useUpdateAffiliate();
  const remove = useRemoveAffiliate();
  const status = STATUS[a.status];
  const joined = a.status === "active" || a.status === "paused";
  const onRemove = async () => {
    const ok = await confirmDialog({
      title: a.status === "invited" ? `Withdraw the invitation to ${a.email}?` : `Remove ${a.email}?`,
      message: joined
        ? "Their link stops crediting them from now on. Their past sales, and anything you still owe them, stay."
        : "You can invite this e-mail again later.",
      confirmLabel: a.status === "invited" ? "Withdraw" : "Remove",
      tone: "danger",
    });
    if (ok) remove.mutate(a.id, { onError: (err) => toast(err.message, "error") });
  };
  const toggle = () =>
    update.mutate(
      { id: a.id, status: a.status === "active" ? "paused" : "active" },
      { onError: (err) => toast(err.message, "error") },
    );

  return (
    <li
      className="flex min-w-0 flex-col rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
      data-testid="affiliate"
    >
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="font-semibold text-slate-900 [overflow-wrap:anywhere]">{a.email}</p>
          <p className="text-sm font-semibold text-brand-700">{a.commission_percent}% commission</p>
        </div>
        <Badge tone={status.tone}>{status.label}</Badge>
      </div>
      <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-slate-500">Products</dt>
        <dd className="truncate text-slate-800" title={products}>
          {products}
        </dd>
        {a.link && (
          <>
            <dt className="text-slate-500">Link</dt>
            <dd className="truncate font-mono text-xs leading-5 text-slate-800">{a.link}</dd>
          </>
        )}
        <dt className="text-slate-500">Clicks</dt>
        <dd className="text-slate-800" data-testid="affiliate-clicks">
          {formatCount(a.clicks)}
        </dd>
        <dt className="text-slate-500">Sales</dt>
        <dd className="text-slate-800" data-testid="affiliate-sales">
          {formatCount(a.sales)}
        </dd>
        <dt className="text-slate-500">Earned</dt>
        <dd className="tabular-nums text-slate-800" data-testid="affiliate-earned">
          <MoneyLines byCurrency={a.earned} none="—" />
        </dd>
        <dt className="text-slate-500">Balance due</dt>
        <dd className="font-semibold tabular-nums text-slate-900" data-testid="affiliate-due">
          <MoneyLines byCurrency={a.due} none="Nothing due" />
        </dd>
      </dl>
      <PayoutHistory payouts={a.payouts} label="Payout history" />
      <div className="mt-4 flex flex-wrap gap-2 border-t border-slate-100 pt-3">
        {joined && entitled && (
          <Button size="sm" variant="secondary" loading={update.isPending} onClick={toggle}>
            {a.status === "active" ? "Pause" : "Resume"}
            <span className="sr-only"> {a.email}</span>
          </Button>
        )}
        {/* Destructive: red, and it asks first. */}
        <Button
          size="sm"
          variant="ghost"
          onClick={onRemove}
          className="border border-red-200 text-red-700! hover:bg-red-50!"
        >
          {a.status === "invited" ? "Withdraw invitation" : "Remove"}
          <span className="sr-only"> {a.email}</span>
        </Button>
      </div>
    </li>
  );
}
