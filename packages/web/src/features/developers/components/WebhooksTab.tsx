import { useState } from "react";
import { hasFeature } from "@payloft/core/plan/features";
import { VERIFY_SNIPPET } from "@payloft/core/outgoing-webhook/verify-snippet";
import { Card, CardContent, CardHeader } from "@/components/ui/Card";
import { EmptyState } from "@/components/ui/EmptyState";
import { SkeletonText } from "@/components/ui/Skeleton";
import { IconBolt } from "@/components/ui/icons";
import type { Profile } from "@/lib/profile";
import { UpgradeCard } from "@/features/plans";
import { useWebhookEndpoints } from "@/features/developers/api/webhookEndpoints";
import { EndpointForm } from "./EndpointForm";
import { EndpointRow } from "./EndpointRow";
import { SecretReveal } from "./SecretReveal";

/** Settings → Webhooks: endpoints that receive the creator's events, signed (Business plan). */
export function WebhooksTab({ profile }: { profile: Profile }) {
  if (!hasFeature(profile, "outgoing_webhooks"))
    return (
      <UpgradeCard
        feature="outgoing_webhooks"
        description="Tell your own systems the moment a sale completes, is refunded or a licence key is issued: signed HTTPS calls, retried until they arrive."
      />
    );
  return <WebhooksPanel />;
}

function WebhooksPanel() {
  const endpoints = useWebhookEndpoints();
  const [secret, setSecret] = useState<string | null>(null);
  return (
    <div className="space-y-6">
      <Card>
        <CardHeader
          title="Add an endpoint"
          description="Payloft POSTs each event as JSON, signed with the endpoint's secret."
        />
        <CardContent className="space-y-4">
          <EndpointForm onCreated={setSecret} />
          {secret && (
            <SecretReveal title="Your endpoint's signing secret" value={secret} onDone={() => setSecret(null)} />
          )}
        </CardContent>
      </Card>
      <Card className="overflow-hidden">
        <CardHeader
          title="Endpoints"
          description="Failed deliveries are retried after 1 min, 5 min, 30 min, 2 h and 6 h."
        />
        {endpoints.isPending ? (
          <CardContent>
            <SkeletonText lines={3} />
          </CardContent>
        ) : endpoints.isError ? (
          <CardContent className="text-sm text-slate-500">Endpoints could not be loaded. Please try again.</CardContent>
        ) : !endpoints.data?.length ? (
          <CardContent>
            <EmptyState
              icon={<IconBolt />}
              title="No endpoints yet"
              description="Add one above to start receiving events."
            />
          </CardContent>
        ) : (
          <ul className="divide-y divide-slate-100" aria-label="Webhook endpoints">
            {endpoints.data.map((e) => (
              <EndpointRow key={e.id} endpoint={e} />
            ))}
          </ul>
        )}
      </Card>
      <Card>
        <CardHeader
          title="Verify signatures"
          description="Check Payloft-Signature against the raw body before trusting an event (Node):"
        />
        <CardContent>
          <pre className="overflow-x-auto rounded-xl bg-slate-900 p-4 text-xs leading-relaxed text-slate-100">
            <code>{VERIFY_SNIPPET}</code>
          </pre>
        </CardContent>
      </Card>
    </div>
  );
}
