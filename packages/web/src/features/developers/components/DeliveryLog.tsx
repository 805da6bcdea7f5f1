import { Badge } from "@/components/ui/Badge";
import { Button } from "@/components/ui/Button";
import { SkeletonText } from "@/components/ui/Skeleton";
import { toast } from "@/components/ui/toast";
import { ApiError } from "@/lib/api";
import { LoadMore } from "@/components/LoadMore";
import { useResendDelivery } from "@/features/developers/api/resendDelivery";
import { useWebhookDeliveries, type WebhookDelivery } from "@/features/developers/api/webhookDeliveries";

const STATUS = {
  succeeded: { label: "Delivered", tone: "success" },
  pending: { label: "Retrying", tone: "warning" },
  failed: { label: "Failed", tone: "danger" },
} as const;

const time = (iso: string) =>
  new Date(iso).toLocaleString("en-US", {
    month: "short",
    day: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  });

/** An endpoint's deliveries, newest first: each event, its attempts (time → status) and Resend. */
export function DeliveryLog({ endpointId }: { endpointId: string }) {
  const q = useWebhookDeliveries(endpointId);
  const resend = useResendDelivery(endpointId);
  const deliveries = q.data?.pages.flatMap((p) => p.deliveries) ?? [];
  if (q.isPending) return <SkeletonText lines={3} />;
  if (q.isError) return <p className="text-sm text-slate-500">Deliveries could not be loaded. Please try again.</p>;
  if (!deliveries.length)
    return <p className="text-sm text-slate-500">Nothing sent yet. Send a test event to see it here.</p>;

  async function onResend(d: WebhookDelivery) {
    try {
      await resend.mutateAsync(d.id);
      toast(`${d.event_type} queued again.`, "success");
    } catch (err) {
      toast(err instanceof ApiError ? err.message : "The event could not be resent. Please try again.", "error");
    }
  }

  return (
    <div className="rounded-xl border border-slate-200">
      <ul className="divide-y divide-slate-100" aria-label="Deliveries">
        {deliveries.map((d) => (
          <li key={d.id} className="px-4 py-3" data-testid="delivery-row">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <div className="flex min-w-0 flex-wrap items-center gap-2">
                <code className="font-mono text-sm font-semibold text-slate-900">{d.event_type}</code>
                <Badge tone={STATUS[d.status].tone}>{STATUS[d.status].label}</Badge>
                <span className="text-xs text-slate-500">{time(d.created_at)}</span>
              </div>
              <Button
                size="sm"
                variant="secondary"
                onClick={() => void onResend(d)}
                aria-label={`Resend ${d.event_type} from ${time(d.created_at)}`}
              >
                Resend
              </Button>
            </div>
            <ol className="mt-2 space-y-0.5 text-xs text-slate-600" aria-label="Attempts">
              {d.attempts.map((a, i) => (
                <li key={`${a.at}-${i}`} className="flex flex-wrap gap-x-2" data-testid="delivery-attempt">
                  <span className="tabular-nums">{time(a.at)}</span>
                  <span aria-hidden>→</span>
                  <span
                    className={
                      a.status_code && a.status_code < 300
                        ? "font-semibold text-emerald-700"
                        : "font-semibold text-red-700"
                    }
                  >
                    {a.status_code ?? "no answer"}
                  </span>
                  {a.error && <span className="break-all text-slate-500">{a.error}</span>}
                  <span className="text-slate-400">
                    {a.duration_ms} ms{a.trigger === "resend" ? " · resent" : a.trigger === "retry" ? " · retry" : ""}
                  </span>
                </li>
              ))}
            </ol>
          </li>
        ))}
      </ul>
      <LoadMore hasMore={!!q.hasNextPage} loading={q.isFetchingNextPage} onClick={() => q.fetchNextPage()} />
    </div>
  );
}
