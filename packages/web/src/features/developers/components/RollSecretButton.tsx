import { Button } from "@/components/ui/Button";
import { confirmDialog } from "@/components/ui/ConfirmDialog";
import { toast } from "@/components/ui/toast";
import { ApiError } from "@/lib/api";
import { useRollWebhookSecret } from "@/features/developers/api/rollWebhookSecret";
import type { WebhookEndpoint } from "@/features/developers/api/webhookEndpoints";

/** "Until Mar 4, 2:05 PM": when the previous secret stops signing, in the viewer's time zone. */
export const overlapEnds = (iso: string) =>
  new Date(iso).toLocaleString("en-US", { month: "short", day: "numeric", hour: "numeric", minute: "2-digit" });

/**
 * Roll the endpoint's signing secret: after a confirmation, the new secret is handed to
 * `onRolled` (shown once); the old one keeps signing beside it for 24 hours.
 */
export function RollSecretButton({
  endpoint,
  onRolled,
}: {
  endpoint: WebhookEndpoint;
  onRolled: (secret: string) => void;
}) {
  const roll = useRollWebhookSecret(endpoint.id);
  async function onRoll() {
    const ok = await confirmDialog({
      title: "Roll this endpoint's secret?",
      message:
        "Payloft makes a new signing secret and shows it once. For 24 hours every delivery is signed with both the new and the current secret, so you can update your server without missing an event; then only the new one signs.",
      confirmLabel: "Roll secret",
    });
    if (!ok) return;
    try {
      const rolled = await roll.mutateAsync();
      onRolled(rolled.secret);
      toast("New signing secret created.", "success");
    } catch (err) {
      toast(err instanceof ApiError ? err.message : "The secret could not be rolled. Please try again.", "error");
    }
  }
  return (
    <Button
      size="sm"
      variant="secondary"
      loading={roll.isPending}
      onClick={() => void onRoll()}
      aria-label={`Roll secret: ${endpoint.url}`}
    >
      Roll secret
    </Button>
  );
}
