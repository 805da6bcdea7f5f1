import { useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router-dom";
import { useQueryClient } from "@tanstack/react-query";
import { useSession } from "@/lib/session";
import { Spinner } from "@/components/ui/Spinner";
import { IconAlert, IconCheck } from "@/components/ui/icons";
import { AuthCard, AuthLayout } from "@/components/AuthLayout";
import { profileQuery } from "@/lib/profile";
import { homeFor, takeRedirect } from "@/features/auth/lib/redirect";
import { readSelection } from "@/lib/planSelection";

type State = { status: "loading" } | { status: "success" } | { status: "error"; message: string };
const DEFAULT_ERROR = "Something went wrong during authentication";

/** /auth/callback: exchange the code, then route by role after 1.5 s. */
export default function AuthCallbackPage() {
  const { exchangeCodeForSessionToken } = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [state, setState] = useState<State>({ status: "loading" });
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return; // StrictMode runs effects twice; the exchange must run once
    started.current = true;
    const timers: number[] = [];
    const params = new URLSearchParams(window.location.search);
    const providerError = params.get("error_description") || params.get("error");
    const run = providerError ? Promise.reject(new Error(providerError)) : exchangeCodeForSessionToken();
    run.then(
      () => {
        setState({ status: "success" });
        timers.push(
          window.setTimeout(async () => {
            const target = takeRedirect();
            if (target) return navigate(target, { replace: true });
            queryClient.removeQueries({ queryKey: profileQuery().queryKey });
            const profile = await queryClient.fetchQuery(profileQuery()).catch(() => null);
            // A past buyer is a customer from their first sign-in; one who came from a plan
            // card goes back to the plans, where they are offered to start selling.
            const pickedPlan = profile?.role === "customer" && !profile.is_admin && readSelection().plan;
            navigate(pickedPlan ? "/pricing" : homeFor(profile), { replace: true });
          }, 1500),
        );
      },
      (err: unknown) => {
        console.error(err);
        setState({ status: "error", message: (err instanceof Error && err.message) || DEFAULT_ERROR });
        timers.push(window.setTimeout(() => navigate("/login", { replace: true }), 3000));
      },
    );
  }, [exchangeCodeForSessionToken, navigate, queryClient]);

  return (
    <AuthLayout>
      <AuthCard className="text-center">
        {state.status === "loading" && (
          <div className="flex flex-col items-center gap-4 py-6" role="status">
            <Spinner size="lg" />
            <p className="text-base font-medium text-slate-700">Completing sign in...</p>
          </div>
        )}
        {state.status === "success" && (
          <div className="flex flex-col items-center gap-3 py-4" role="status">
            <span className="flex h-14 w-14 items-center justify-center rounded-full bg-emerald-50 text-emerald-600">
              <IconCheck className="h-7 w-7" />
            </span>
            <h1 className="text-2xl font-bold tracking-tight text-slate-900">Welcome to Payloft!</h1>
            <p className="text-slate-600">Authentication successful. Redirecting you now...</p>
          </div>
        )}
        {state.status === "error" && (
          <div className="flex flex-col items-center gap-3 py-4" role="alert">
            <span className="flex h-14 w-14 items-center justify-center rounded-full bg-red-50 text-red-600">
              <IconAlert className="h-7 w-7" />
            </span>
            <h1 className="text-2xl font-bold tracking-tight text-slate-900">Authentication Failed</h1>
            <p className="text-slate-600">{state.message}</p>
            <p className="text-sm text-slate-400">Taking you back to sign in…</p>
          </div>
        )}
      </AuthCard>
    </AuthLayout>
  );
}
