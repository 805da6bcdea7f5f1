import { useNavigate, useSearchParams } from "react-router-dom";
import { PageSpinner } from "@/components/PageSpinner";
import { useSession } from "@/lib/session";
import { AnnouncementBanner } from "@/features/announcements";
import { useProfileGate, type GateDecision } from "@/lib/useProfileGate";
import { ADMIN_SECTIONS, AdminShell, type AdminSectionId } from "@/features/admin/components/AdminShell";
import { AdminSection } from "@/features/admin/components/AdminSection";

/**
 * Who may open the admin panel: logged out → /login (useProfileGate), a profile that fails to
 * load or is missing → /onboarding, anyone who is not an admin → /dashboard.
 */
const adminGate: GateDecision = (s) => {
  if ("failed" in s || "missing" in s) return "/onboarding";
  return s.profile.role === "admin" || s.profile.is_admin ? null : "/dashboard";
};

/** /admin: the admin panel. The open section lives in ?section= so it can be linked and reloaded. */
export default function AdminPage() {
  const gate = useProfileGate(adminGate);
  const { logout } = useSession();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const requested = params.get("section");
  const section: AdminSectionId = ADMIN_SECTIONS.some((s) => s.id === requested)
    ? (requested as AdminSectionId)
    : "overview";

  if (!gate.ready || !gate.profile) return <PageSpinner label="Loading the admin panel…" />;
  const profile = gate.profile;
  const email = profile.email || gate.user?.email || "";
  const name = profile.name || gate.user?.google_user_data?.name || email.split("@")[0] || "Admin";

  return (
    <AdminShell
      active={section}
      onSelect={(id) => setParams(id === "overview" ? {} : { section: id })}
      userName={name}
      onLogout={async () => {
        await logout();
        navigate("/", { replace: true });
      }}
    >
      <AnnouncementBanner className="mb-6" />
      <AdminSection id={section} profile={profile} email={email} name={name} />
    </AdminShell>
  );
}
