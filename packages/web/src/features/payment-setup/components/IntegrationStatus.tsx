import { Badge } from "@/components/ui/Badge";
import type { PaymentIntegration } from "@/features/payment-setup/api/types";

const dateFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short" });

/** The 'Current Status' box: provider, environment, Active/Disabled, last updated. */
export function IntegrationStatus({ saved }: { saved: PaymentIntegration | null }) {
  return (
    <aside
      aria-labelledby="integration-status"
      className="self-start rounded-2xl border border-slate-200 bg-slate-50 p-5"
    >
      <h3 id="integration-status" className="text-sm font-semibold text-slate-900">
        Current Status
      </h3>
      {saved ? (
        <dl className="mt-3 space-y-2.5 text-sm">
          <Row label="Provider">{saved.provider === "stripe" ? "Stripe" : "PayPal"}</Row>
          <Row label="Environment">
            <Badge tone={saved.is_live ? "success" : "warning"}>{saved.is_live ? "Live" : "Test"}</Badge>
          </Row>
          <Row label="Status">
            <Badge tone={saved.is_active ? "success" : "neutral"}>{saved.is_active ? "Active" : "Disabled"}</Badge>
          </Row>
          <Row label="Last updated">{saved.updated_at ? dateFormat.format(new Date(saved.updated_at)) : "—"}</Row>
        </dl>
      ) : (
        <p className="mt-2 text-sm text-slate-600">
          No payment integration yet. Until you save one, buyers see “Purchase Temporarily Unavailable” on your sales
          pages.
        </p>
      )}
    </aside>
  );
}

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="flex items-center justify-between gap-3 text-right">
      <dt className="shrink-0 text-left text-slate-500">{label}</dt>
      <dd className="font-medium text-slate-900">{children}</dd>
    </div>
  );
}
