import { Link, useNavigate } from "react-router-dom";
import { Logo } from "@/components/Logo";
import { PageSpinner } from "@/components/PageSpinner";
import { Button } from "@/components/ui/Button";
import { Card } from "@/components/ui/Card";
import { SkeletonText } from "@/components/ui/Skeleton";
import { IconLogout } from "@/components/navIcons";
import { useSession } from "@/lib/session";
import { useProfileGate, type GateDecision } from "@/lib/useProfileGate";
import type { Profile } from "@/lib/profile";
import { useInvitations, usePrograms } from "@/features/affiliates/api/area";
import { InvitationList } from "@/features/affiliates/components/InvitationList";
import { PayoutDetailsForm } from "@/features/affiliates/components/PayoutDetailsForm";
import { ProgramCard } from "@/features/affiliates/components/ProgramCard";

/** Anyone signed in may be someone's affiliate (rule: Affiliates by consent): only a missing account is sent on. */
const anyoneGate: GateDecision = (s) => ("failed" in s ? "/role-selection" : "missing" in s ? "/onboarding" : null);

const homeOf = (p: Profile) =>
  p.role === "admin" || p.is_admin ? "/admin" : p.role === "customer" ? "/customer-dashboard" : "/dashboard";

/** /affiliate: the invitations sent to the signed-in person and, per creator they promote, their link and money. */
export default function AffiliatePage() {
  const gate = useProfileGate(anyoneGate, "/login?redirect=/affiliate");
  const { logout } = useSession();
  const navigate = useNavigate();
  const invitations = useInvitations(gate.ready);
  const programs = usePrograms(gate.ready);

  if (!gate.ready || !gate.profile) return <PageSpinner label="Loading your affiliate area…" />;
  const email = gate.profile.email || gate.user?.email || "";
  const list = programs.data ?? [];

  return (
    <div className="min-h-screen bg-slate-50">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex h-16 max-w-5xl items-center justify-between gap-3 px-4 sm:px-6">
          <Logo to={homeOf(gate.profile)} />
          <div className="flex items-center gap-2">
            <Link
              to={homeOf(gate.profile)}
              className="rounded-lg px-2 py-1.5 text-sm font-medium text-slate-600 hover:bg-slate-100 hover:text-slate-900"
            >
              Your dashboard
            </Link>
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
      <main className="mx-auto max-w-5xl space-y-8 px-4 py-6 sm:px-6 sm:py-8">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Affiliate</h1>
          <p className="mt-1 text-slate-500">
            Creators who invited you to promote their products, your links and what you earned with each.
          </p>
        </div>

        <InvitationList q={invitations} />

        <section aria-labelledby="programs-heading" className="space-y-4">
          <h2 id="programs-heading" className="text-lg font-semibold text-slate-900">
            Your programs
          </h2>
          {programs.isPending ? (
            <Card className="p-6">
              <SkeletonText lines={4} />
            </Card>
          ) : programs.isError ? (
            <Card className="p-6 text-sm text-slate-500">Your programs could not be loaded. Please try again.</Card>
          ) : list.length === 0 ? (
            <Card className="p-6 text-sm text-slate-500">
              You don&apos;t promote anyone yet. When a creator invites {email || "you"}, the invitation shows up here.
            </Card>
          ) : (
            <ul className="grid gap-4 md:grid-cols-2" aria-label="Your programs">
              {list.map((p) => (
                <ProgramCard key={p.id} program={p} />
              ))}
            </ul>
          )}
        </section>

        {list.length > 0 && <PayoutDetailsForm current={list[0]!.paypal_email} fallback={email} />}
      </main>
    </div>
  );
}
