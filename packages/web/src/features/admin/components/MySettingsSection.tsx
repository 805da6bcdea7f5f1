import { Badge } from "@/components/ui/Badge";
import { Card, CardContent, CardHeader } from "@/components/ui/Card";
import { Skeleton } from "@/components/ui/Skeleton";
import type { Profile } from "@/lib/profile";
import { usePaymentIntegrations } from "@/features/admin/api/paymentIntegrations";
import { planName } from "@/features/admin/lib/format";
import { PaymentSetupTab } from "@/features/payment-setup";
import { ApiKeysTab } from "@/features/developers";
import { WebhooksTab } from "@/features/developers";
import { SectionHeader } from "./SectionHeader";

/**
 * My Settings: the admin's own account and payment integrations. An admin's plan shows
 * Business by default (admins have business-level limits) unless a paid plan is stored.
 * The Payment Setup form lives here too: admins sell their own products, and the creator
 * dashboard (where creators set up payments) sends admins back to /admin. So do API keys and webhooks:
 * admins have every Business feature.
 */
export function MySettingsSection({ profile, email, name }: { profile: Profile; email: string; name: string }) {
  const integrations = usePaymentIntegrations();
  const plan = profile.plan && profile.plan !== "free" && profile.plan !== "null" ? planName(profile.plan) : "Business";
  const rows: [string, string][] = [
    ["Name", name],
    ["Email", email],
    ["Role", "Admin"],
    ["Plan", plan],
  ];
  return (
    <div className="space-y-6">
      <SectionHeader title="My Settings" description="Your own account on the platform." />
      <Card>
        <CardHeader title="Account" />
        <CardContent>
          <dl className="grid gap-4 sm:grid-cols-2">
            {rows.map(([label, value]) => (
              <div key={label} className="rounded-xl bg-slate-50 px-4 py-3">
                <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">{label}</dt>
                <dd
                  className="mt-1 truncate text-sm font-semibold text-slate-900"
                  data-testid={`my-${label.toLowerCase()}`}
                >
                  {value}
                </dd>
              </div>
            ))}
          </dl>
        </CardContent>
      </Card>
      <Card>
        <CardHeader title="Payment integrations" description="Where buyers of your own products pay." />
        <CardContent>
          {integrations.isPending ? (
            <Skeleton className="h-12 w-full" />
          ) : !integrations.data?.length ? (
            <p className="text-sm text-slate-500">No payment integration yet. Set one up below to start selling.</p>
          ) : (
            <ul className="divide-y divide-slate-100">
              {integrations.data.map((i) => (
                <li
                  key={i.id}
                  data-testid={`my-integration-${i.provider}`}
                  className="flex flex-wrap items-center justify-between gap-3 py-3"
                >
                  <span className="text-sm font-semibold capitalize text-slate-900">
                    {i.provider === "paypal" ? "PayPal" : "Stripe"}
                  </span>
                  <span className="flex gap-2">
                    <Badge tone={i.is_live ? "brand" : "warning"}>{i.is_live ? "Live" : "Test"}</Badge>
                    <Badge tone={i.is_active ? "success" : "neutral"}>{i.is_active ? "Active" : "Inactive"}</Badge>
                  </span>
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
      <Card id="payment-setup">
        <CardContent className="sm:py-6">
          <PaymentSetupTab />
        </CardContent>
      </Card>
      <ApiKeysTab profile={profile} />
      <WebhooksTab profile={profile} />
    </div>
  );
}
