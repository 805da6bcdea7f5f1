import { useEffect } from "react";
import { useNavigate, useSearchParams } from "react-router-dom";
import { useQueryClient } from "@tanstack/react-query";
import { profileQuery } from "@/lib/profile";
import { useSession } from "@/lib/session";
import { Logo } from "@/components/Logo";
import { Button } from "@/components/ui/Button";
import { Spinner } from "@/components/ui/Spinner";
import { IconArrowRight, IconCheck, IconLink, IconPlus, IconChart } from "@/components/ui/icons";
import { useSubscriptionSuccess } from "@/features/plans/api/subscriptionSuccess";
import { planName } from "@/features/plans/lib/format";

const NEXT_STEPS = [
  { icon: IconPlus, text: "Create your first digital product" },
  { icon: IconLink, text: "Share your product link with customers" },
  { icon: IconChart, text: "Start earning money" },
];

/** Free and Lifetime are no subscription: nothing renews, so the page does not say one is active. */
function readyLine(plan: string) {
  if (plan === "free") return "Your account is ready to go: sell on the Free plan and upgrade whenever you like.";
  if (plan === "lifetime") return "Lifetime access is yours and your account is ready to go.";
  return "Your subscription is active and your account is ready to go.";
}

/**
 * /onboarding-success: confirms the plan after checkout. Signed out → /login;
 * any failure goes silently to /dashboard (logged), as the spec says.
 */
export default function OnboardingSuccessPage() {
  const { user, isPending } = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const sessionId = useSearchParams()[0].get("session_id") ?? "";
  const success = useSubscriptionSuccess(sessionId, !!user && !!sessionId);

  useEffect(() => {
    if (isPending) return;
    if (!user) navigate("/login", { replace: true });
    else if (!sessionId) navigate("/dashboard", { replace: true });
  }, [isPending, user, sessionId, navigate]);

  useEffect(() => {
    if (success.isError) {
      console.error("Subscription confirmation failed", success.error);
      navigate("/dashboard", { replace: true });
    }
    // The plan just changed: screens that show it must not use a cached profile.
    if (success.isSuccess) void queryClient.invalidateQueries({ queryKey: profileQuery().queryKey });
  }, [success.isError, success.isSuccess, success.error, navigate, queryClient]);

  return (
    <div className="flex min-h-screen flex-col bg-gradient-to-b from-brand-50 via-white to-white">
      <header className="mx-auto flex h-16 w-full max-w-3xl items-center px-4 sm:px-6">
        <Logo />
      </header>
      <main className="mx-auto flex w-full max-w-xl flex-1 flex-col justify-center px-4 pb-16 sm:px-6">
        {!success.data ? (
          <div className="flex flex-col items-center gap-4 py-24 text-center">
            <Spinner size="lg" />
            <p className="text-lg font-medium text-slate-700">Processing your subscription...</p>
          </div>
        ) : (
          <div className="rounded-3xl border border-slate-200 bg-white p-6 shadow-xl shadow-brand-900/5 sm:p-10">
            <div className="mx-auto flex h-14 w-14 items-center justify-center rounded-full bg-emerald-100 text-emerald-600">
              <IconCheck className="h-7 w-7" />
            </div>
            <h1 className="mt-5 text-center text-3xl font-extrabold tracking-tight text-slate-900">
              Welcome to Payloft!
            </h1>
            <p className="mt-2 text-center text-slate-600">{readyLine(success.data.plan)}</p>

            <section aria-labelledby="details-title" className="mt-8 rounded-2xl bg-slate-50 p-5">
              <h2 id="details-title" className="text-sm font-semibold uppercase tracking-wide text-slate-500">
                {["free", "lifetime"].includes(success.data.plan) ? "Plan Details" : "Subscription Details"}
              </h2>
              <dl className="mt-3 divide-y divide-slate-200 text-sm">
                <div className="flex justify-between gap-4 py-2.5">
                  <dt className="text-slate-500">Plan</dt>
                  <dd className="font-semibold text-slate-900" data-testid="success-plan">
                    {planName(success.data.plan)}
                  </dd>
                </div>
                <div className="flex justify-between gap-4 py-2.5">
                  <dt className="text-slate-500">Account Name</dt>
                  <dd className="truncate font-semibold text-slate-900" data-testid="success-name">
                    {success.data.customer_name}
                  </dd>
                </div>
              </dl>
            </section>

            <section aria-labelledby="next-title" className="mt-6">
              <h2 id="next-title" className="text-base font-semibold text-slate-900">
                What's Next?
              </h2>
              <ol className="mt-3 space-y-3">
                {NEXT_STEPS.map(({ icon: Icon, text }) => (
                  <li key={text} className="flex items-center gap-3 text-sm text-slate-700">
                    <span className="flex h-8 w-8 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-600">
                      <Icon className="h-4 w-4" />
                    </span>
                    {text}
                  </li>
                ))}
              </ol>
            </section>

            <Button className="mt-8" size="lg" fullWidth onClick={() => navigate("/dashboard")}>
              Go to Dashboard <IconArrowRight className="h-4 w-4" />
            </Button>
          </div>
        )}
      </main>
    </div>
  );
}
