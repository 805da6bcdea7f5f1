import { useNavigate, useSearchParams } from "react-router-dom";
import { planOf } from "@payloft/core/plan/plans";
import { PageSpinner } from "@/components/PageSpinner";
import { useSession } from "@/lib/session";
import { AnnouncementBanner } from "@/features/announcements";
import { useSupportEmail } from "@/lib/publicStatus";
import { SettingsSection } from "@/features/settings";
import { DashboardShell, SECTIONS, type SectionId } from "@/features/dashboard/components/DashboardShell";
import {
  AnalyticsSection,
  CustomersSection,
  ProductsOverview,
  StorefrontSection,
} from "@/features/dashboard/components/Sections";
import { DiscountsSection } from "@/features/discounts";
import { MembersSection } from "@/features/dashboard/components/MembersSection";
import { AffiliatesSection } from "@/features/affiliates";
import { creatorGate, useProfileGate } from "@/lib/useProfileGate";

/** /dashboard: the creator's home. The open section lives in ?section= so it can be linked. */
export default function DashboardPage() {
  const gate = useProfileGate(creatorGate);
  const { logout } = useSession();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const support = useSupportEmail();
  const requested = params.get("section");
  const section: SectionId = SECTIONS.some((s) => s.id === requested) ? (requested as SectionId) : "products";

  if (!gate.ready || !gate.profile) return <PageSpinner label="Loading your dashboard…" />;
  const profile = gate.profile;
  const plan = planOf(profile.plan);
  const email = profile.email || gate.user?.email || "";
  const name = profile.name || gate.user?.google_user_data?.name || email.split("@")[0] || "";

  return (
    <DashboardShell
      active={section}
      onSelect={(id) => setParams(id === "products" ? {} : { section: id })}
      userName={name}
      planName={plan.name}
      supportHref={`mailto:${support.data ?? ""}`}
      onLogout={async () => {
        await logout();
        navigate("/", { replace: true });
      }}
    >
      <AnnouncementBanner className="mb-6" />
      {section === "products" && <ProductsOverview plan={plan.id} />}
      {section === "analytics" && <AnalyticsSection />}
      {section === "customers" && <CustomersSection />}
      {section === "members" && <MembersSection />}
      {section === "discounts" && <DiscountsSection />}
      {section === "affiliates" && <AffiliatesSection profile={profile} />}
      {section === "store" && <StorefrontSection profile={profile} />}
      {section === "settings" && <SettingsSection profile={profile} email={email} />}
    </DashboardShell>
  );
}
