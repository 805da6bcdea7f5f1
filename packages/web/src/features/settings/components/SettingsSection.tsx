import { useState } from "react";
import { useSearchParams } from "react-router-dom";
import { Tabs } from "@/components/ui/Tabs";
import type { Profile } from "@/lib/profile";
import { PaymentSetupTab } from "@/features/payment-setup";
import { BillingTab } from "@/features/plans";
import { ApiKeysTab } from "@/features/developers";
import { WebhooksTab } from "@/features/developers";
import { AccountTab } from "./AccountTab";
import { CustomersTab } from "./CustomersTab";
import { SalesHistoryTab } from "./SalesHistoryTab";

const SETTINGS_TABS = ["account", "payment", "billing", "sales", "customers", "api", "webhooks"] as const;
type SettingsTab = (typeof SETTINGS_TABS)[number];

/** Settings: its five tabs, then API and Webhooks for the Business plan. */
export function SettingsSection({ profile, email }: { profile: Profile; email: string }) {
  // ?tab=billing opens a tab directly (the "your payment failed" e-mail links to Billing).
  const [params] = useSearchParams();
  const [tab, setTab] = useState<SettingsTab>(() => {
    const asked = params.get("tab");
    return SETTINGS_TABS.includes(asked as SettingsTab) ? (asked as SettingsTab) : "account";
  });
  return (
    <div>
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">Settings</h1>
      <p className="mt-1 text-sm text-slate-500">Manage your account, payments, plan and sales records.</p>
      <Tabs<SettingsTab>
        className="mt-6"
        label="Settings sections"
        value={tab}
        onChange={setTab}
        tabs={[
          { id: "account", label: "Account", content: <AccountTab profile={profile} email={email} /> },
          { id: "payment", label: "Payment Setup", content: <PaymentSetupTab /> },
          { id: "billing", label: "Billing", content: <BillingTab /> },
          { id: "sales", label: "Sales History", content: <SalesHistoryTab /> },
          { id: "customers", label: "Customers", content: <CustomersTab /> },
          { id: "api", label: "API", content: <ApiKeysTab profile={profile} /> },
          { id: "webhooks", label: "Webhooks", content: <WebhooksTab profile={profile} /> },
        ]}
      />
    </div>
  );
}
