import { useState } from "react";
import { Button } from "@/components/ui/Button";
import { confirmDialog } from "@/components/ui/ConfirmDialog";
import { Switch } from "@/components/ui/Switch";
import { toast } from "@/components/ui/toast";
import { ApiError } from "@/lib/api";
import { useDeleteWebhookEndpoint } from "@/features/developers/api/deleteWebhookEndpoint";
import { useSendTestEvent } from "@/features/developers/api/sendTestEvent";
import { useUpdateWebhookEndpoint } from "@/features/developers/api/updateWebhookEndpoint";
import type { WebhookEndpoint } from "@/features/developers/api/webhookEndpoints";
import { DeliveryLog } from "./DeliveryLog";
import { RollSecretButton, overlapEnds } from "./RollSecretButton";
import { SecretReveal } from "./SecretReveal";

const failed = (err: unknown, fallback: string) => toast(err instanceof ApiError ? err.message : fallback, "error");

/** One endpoint: its address and events, on/off, a test event, rolling its secret, its delivery log, delete. */
export function EndpointRow({ endpoint }: { endpoint: WebhookEndpoint }) {
  const [open, setOpen] = useState(false);
  const [rolled, setRolled] = useState<string | null>(null);
  const update = useUpdateWebhookEndpoint();
  const remove = useDeleteWebhookEndpoint();
  const test = useSendTestEvent(endpoint.id);

  async function sendTest() {
    try {
      await test.mutateAsync();
      setOpen(true);
      toast("Test event sent.", "success");
    } catch (err) {
      failed(err, "The test event could not be sent. Please try again.");
    }
  }
  async function onDelete() {
    const ok = await confirmDialog({
      title: "Delete this endpoint?",
      message: "Payloft stops sending events to it at once. This cannot be undone.",
      confirmLabel: "Delete endpoint",
      tone: "danger",
    });
    if (!ok) return;
    try {
      await remove.mutateAsync(endpoint.id);
      toast("Webhook endpoint deleted.", "success");
    } catch (err) {
      failed(err, "The endpoint could not be deleted. Please try again.");
    }
  }

  return (
    <li className="space-y-3 px-5 py-4 sm:px-6" data-testid="endpoint-row">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <p className="break-all font-mono text-sm font-semibold text-slate-900">{endpoint.url}</p>
          <p className="mt-1 text-xs text-slate-500">{endpoint.events.join(", ")}</p>
          {endpoint.previous_secret_expires_at && (
            <p className="mt-1 text-xs text-amber-700">
              The previous secret also signs deliveries until {overlapEnds(endpoint.previous_secret_expires_at)}.
            </p>
          )}
        </div>
        <Switch
          checked={endpoint.is_active}
          label="Active"
          aria-label={`Active: ${endpoint.url}`}
          disabled={update.isPending}
          onChange={(is_active) =>
            update.mutate(
              { id: endpoint.id, is_active },
              { onError: (err) => failed(err, "The change was not saved.") },
            )
          }
        />
      </div>
      <div className="flex flex-wrap gap-2">
        <Button
          size="sm"
          variant="secondary"
          loading={test.isPending}
          disabled={!endpoint.is_active}
          onClick={() => void sendTest()}
        >
          Send test event
        </Button>
        <RollSecretButton endpoint={endpoint} onRolled={setRolled} />
        <Button size="sm" variant="secondary" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
          {open ? "Hide deliveries" : "Deliveries"}
        </Button>
        <Button size="sm" variant="ghost" onClick={() => void onDelete()} aria-label={`Delete ${endpoint.url}`}>
          Delete
        </Button>
      </div>
      {rolled && (
        <SecretReveal title="Your endpoint's new signing secret" value={rolled} onDone={() => setRolled(null)} />
      )}
      {open && <DeliveryLog endpointId={endpoint.id} />}
    </li>
  );
}
