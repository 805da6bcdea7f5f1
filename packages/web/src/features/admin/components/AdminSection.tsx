import type { Profile } from "@/lib/profile";
import { AnalyticsSection } from "@/features/dashboard";
import type { AdminSectionId } from "./AdminShell";
import { AnnouncementsSection } from "./AnnouncementsSection";
import { CustomersSection } from "./CustomersSection";
import { FinanceSection } from "./FinanceSection";
import { GrantAccountSection } from "./GrantAccountSection";
import { ModerationSection } from "./ModerationSection";
import { MyProductsSection } from "./MyProductsSection";
import { MySettingsSection } from "./MySettingsSection";
import { OverviewSection } from "./OverviewSection";
import { SalesSection } from "./SalesSection";
import { SystemSettingsSection } from "./SystemSettingsSection";
import { UsersSection } from "./UsersSection";

/** The open admin section. My Analytics reuses the creator Analytics (admins may call creator routes). */
export function AdminSection({
  id,
  profile,
  email,
  name,
}: {
  id: AdminSectionId;
  profile: Profile;
  email: string;
  name: string;
}) {
  switch (id) {
    case "overview":
      return <OverviewSection />;
    case "my-products":
      return <MyProductsSection />;
    case "my-analytics":
      return <AnalyticsSection />;
    case "my-settings":
      return <MySettingsSection profile={profile} email={email} name={name} />;
    case "grant":
      return <GrantAccountSection />;
    case "users":
      return <UsersSection selfId={profile.id} />;
    case "moderation":
      return <ModerationSection />;
    case "sales":
      return <SalesSection />;
    case "customers":
      return <CustomersSection />;
    case "finance":
      return <FinanceSection />;
    case "system":
      return <SystemSettingsSection />;
    case "announcements":
      return <AnnouncementsSection />;
  }
}
