import { useState } from "react";
import { Navigate, useSearchParams } from "react-router-dom";
import { useSession } from "@/lib/session";
import { Button } from "@/components/ui/Button";
import { Spinner } from "@/components/ui/Spinner";
import { IconCheck, IconLock, IconShield, IconBolt } from "@/components/ui/icons";
import { AuthCard, AuthLayout, GoogleMark } from "@/components/AuthLayout";
import { rememberRedirect, safeRedirect } from "@/features/auth/lib/redirect";

/** /login: one way in, Google through our issuer. */
export default function LoginPage() {
  const { user, isPending, redirectToLogin } = useSession();
  const [params] = useSearchParams();
  const [starting, setStarting] = useState(false);
  const redirect = safeRedirect(params.get("redirect"));

  if (isPending) {
    return (
      <AuthLayout>
        <div className="flex flex-col items-center gap-3 py-24 text-slate-500" role="status">
          <Spinner size="lg" />
          <span className="text-sm">Checking your session…</span>
        </div>
      </AuthLayout>
    );
  }
  if (user) return <Navigate to={redirect ?? "/dashboard"} replace />;

  async function start() {
    setStarting(true);
    rememberRedirect(redirect); // survives the trip through the identity provider
    try {
      await redirectToLogin();
    } catch (err) {
      console.error(err);
      setStarting(false);
    }
  }

  return (
    <AuthLayout>
      <AuthCard>
        <div className="text-center">
          <h1 className="text-2xl font-bold tracking-tight text-slate-900">Welcome back</h1>
          <p className="mt-2 text-sm text-slate-600">Sign in to manage your products, sales and purchases.</p>
        </div>
        <Button
          variant="secondary"
          size="lg"
          fullWidth
          className="mt-8"
          onClick={start}
          loading={starting}
          leftIcon={<GoogleMark />}
        >
          Continue with Google
        </Button>
        <ul className="mt-8 space-y-3 text-sm text-slate-600">
          <Note icon={<IconShield className="h-4 w-4" />}>Secure OAuth authentication</Note>
          <Note icon={<IconLock className="h-4 w-4" />}>Your data is protected</Note>
          <Note icon={<IconBolt className="h-4 w-4" />}>No password required</Note>
        </ul>
      </AuthCard>
      <p className="mt-6 text-center text-xs leading-relaxed text-slate-500">
        By continuing you agree to our{" "}
        <a href="#terms" className="font-medium text-slate-700 underline underline-offset-2">
          Terms of Service
        </a>{" "}
        and{" "}
        <a href="#privacy" className="font-medium text-slate-700 underline underline-offset-2">
          Privacy Policy
        </a>
        .
      </p>
    </AuthLayout>
  );
}

function Note({ icon, children }: { icon: React.ReactNode; children: React.ReactNode }) {
  return (
    <li className="flex items-center gap-3">
      <span className="flex h-7 w-7 items-center justify-center rounded-full bg-brand-50 text-brand-600">{icon}</span>
      <span>{children}</span>
      <IconCheck className="ml-auto h-4 w-4 text-emerald-500" />
    </li>
  );
}
