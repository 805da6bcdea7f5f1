import { useState } from "react";
import { useNavigate, useSearchParams } from "react-router-dom";
import { Logo } from "@/components/Logo";
import { PageSpinner } from "@/components/PageSpinner";
import { Button } from "@/components/ui/Button";
import { Card } from "@/components/ui/Card";
import { SkeletonText } from "@/components/ui/Skeleton";
import { Tabs } from "@/components/ui/Tabs";
import { useSession } from "@/lib/session";
import { AnnouncementBanner } from "@/features/announcements";
import { AffiliateAreaLink } from "@/features/affiliates";
import { useProfileGate } from "@/lib/useProfileGate";
import { IconLogout } from "@/components/navIcons";
import { usePurchases } from "@/features/customer/api/purchases";
import { useMemberships } from "@/features/customer/api/memberships";
import { MembershipsTab } from "@/features/customer/components/MembershipsTab";
import { customerGate } from "@/features/customer/lib/customerGate";
import { HelpSupportTab } from "@/features/customer/components/HelpSupportTab";
import { MyProductsTab } from "@/features/customer/components/MyProductsTab";
import { ProfileSettingsTab } from "@/features/customer/components/ProfileSettingsTab";
import { PurchaseHistoryTab } from "@/features/customer/components/PurchaseHistoryTab";

type PortalTab = "products" | "memberships" | "history" | "profile" | "help";
const TABS: readonly PortalTab[] = ["products", "memberships", "history", "profile", "help"];

/** `?tab=memberships` opens that section: the provider's billing page returns there. */
const tabOf = (wanted: string | null): PortalTab => TABS.find((t) => t === wanted) ?? "products";

/** /customer-dashboard: the buyer's portal. */
export default function CustomerDashboardPage() {
  const gate = useProfileGate(customerGate);
  const { logout } = useSession();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [tab, setTab] = useState<PortalTab>(() => tabOf(params.get("tab")));
  const purchases = usePurchases(gate.ready);
  const memberships = useMemberships(gate.ready);

  if (!gate.ready || !gate.profile) return <PageSpinner label="Loading your purchases…" />;
  const profile = gate.profile;
  const email = profile.email || gate.user?.email || "";
  const name = profile.name || gate.user?.google_user_data?.name || email.split("@")[0] || "";
  const list = purchases.data ?? [];
  const loading = purchases.isPending ? (
    <Card className="p-6">
      <SkeletonText lines={4} />
    </Card>
  ) : null;

  return (
    <div className="min-h-screen bg-slate-50">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-3 px-4 sm:px-6">
          <Logo to="/customer-dashboard" />
          <div className="flex items-center gap-3">
            <span className="hidden text-sm text-slate-600 sm:inline">{email}</span>
            <AffiliateAreaLink className="flex items-center gap-1.5 rounded-lg px-2 py-1.5 text-sm font-medium text-slate-600 hover:bg-slate-100 hover:text-slate-900" />
            <Button
              variant="ghost"
              size="sm"
              leftIcon={<IconLogout className="h-4 w-4" />}
              onClick={async () => {
                await logout();
                navigate("/", { replace: true });
              }}
            >
              Log Out
            </Button>
          </div>
        </div>
      </header>
      <main className="mx-auto max-w-6xl px-4 py-6 sm:px-6 sm:py-8">
        <AnnouncementBanner className="mb-6" />
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
          Welcome back{name ? `, ${name}` : ""}
        </h1>
        <p className="mt-1 text-slate-500">Your purchases and content, all in one place.</p>
        <Tabs<PortalTab>
          className="mt-6"
          label="Customer portal sections"
          // The Memberships tab exists once the buyer's memberships are known to be there.
          value={tab === "memberships" && !memberships.data?.length ? "products" : tab}
          onChange={setTab}
          tabs={[
            { id: "products", label: "My Products", content: loading ?? <MyProductsTab purchases={list} /> },
            // Only for a buyer who has subscribed to something: one-time buyers keep their four tabs.
            ...(memberships.data?.length
              ? [
                  {
                    id: "memberships" as const,
                    label: "Memberships",
                    content: <MembershipsTab memberships={memberships.data} />,
                  },
                ]
              : []),
            { id: "history", label: "Purchase History", content: loading ?? <PurchaseHistoryTab purchases={list} /> },
            {
              id: "profile",
              label: "Profile Settings",
              content: <ProfileSettingsTab profile={profile} email={email} />,
            },
            { id: "help", label: "Help & Support", content: <HelpSupportTab /> },
          ]}
        />
      </main>
    </div>
  );
}
