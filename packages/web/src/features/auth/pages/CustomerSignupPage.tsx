import { useEffect, useState, type FormEvent } from "react";
import { Navigate, useLocation, useNavigate, useSearchParams } from "react-router-dom";
import { useSession } from "@/lib/session";
import { PageSpinner } from "@/components/PageSpinner";
import { Button } from "@/components/ui/Button";
import { Field } from "@/components/ui/Field";
import { Input } from "@/components/ui/Input";
import { toast } from "@/components/ui/toast";
import { IconCheck, IconUsers } from "@/components/ui/icons";
import { AuthCard, AuthLayout } from "@/components/AuthLayout";
import { usePublicCreator } from "@/features/auth/api/publicCreator";
import { useCustomerSignup } from "@/features/auth/api/customerSignup";

/** /customer-signup?creator=…&product=…. */
export default function CustomerSignupPage() {
  const { user, isPending } = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const creatorId = params.get("creator");
  const productId = params.get("product");
  const creator = usePublicCreator(user ? creatorId : null);
  const signup = useCustomerSignup();
  const [name, setName] = useState("");

  const defaultName = user ? user.google_user_data?.name || user.email.split("@")[0] || "" : "";
  useEffect(() => setName((n) => n || defaultName), [defaultName]);
  useEffect(() => {
    if (creator.error) console.error("Failed to load creator", creator.error); // the page goes on without the name
  }, [creator.error]);

  if (isPending) return <PageSpinner />;
  if (!user)
    return <Navigate to={`/login?redirect=${encodeURIComponent(location.pathname + location.search)}`} replace />;
  if (!creatorId) return <Navigate to="/" replace />;

  const blank = name.trim() === "";
  async function submit(e: FormEvent) {
    e.preventDefault();
    if (blank || signup.isPending) return;
    try {
      await signup.mutateAsync({ name: name.trim(), creator_user_id: creatorId! });
      navigate(productId ? `/product/${encodeURIComponent(productId)}` : "/customer");
    } catch (err) {
      console.error("Customer signup failed", err);
      toast(err instanceof Error ? err.message : "Something went wrong. Please try again.", "error");
    }
  }

  return (
    <AuthLayout>
      <AuthCard>
        <div className="text-center">
          <span className="mx-auto flex h-12 w-12 items-center justify-center rounded-xl bg-brand-50 text-brand-600">
            <IconUsers className="h-6 w-6" />
          </span>
          <p className="mt-4 text-sm font-medium text-slate-500">You're joining</p>
          <h1 className="mt-1 text-2xl font-bold tracking-tight text-slate-900">
            {creator.data?.name ||
              (creator.isLoading ? (
                <span className="inline-block h-7 w-40 animate-pulse rounded bg-slate-100 align-middle" />
              ) : (
                "a Payloft creator"
              ))}
          </h1>
          <p className="mt-2 text-sm text-slate-600">
            Set up your customer account to get your purchases in one place.
          </p>
        </div>
        <form onSubmit={submit} className="mt-8 space-y-5">
          <Field label="Email" hint="Verified with Google">
            <div className="relative">
              <Input value={user.email} readOnly aria-readonly className="pr-24" />
              <span className="absolute inset-y-0 right-3 flex items-center gap-1 text-xs font-medium text-emerald-600">
                <IconCheck className="h-3.5 w-3.5" /> Verified
              </span>
            </div>
          </Field>
          <Field label="Display Name" required>
            <Input
              value={name}
              onChange={(e) => setName(e.target.value)}
              maxLength={100}
              autoComplete="name"
              required
            />
          </Field>
          <Button type="submit" size="lg" fullWidth disabled={blank} loading={signup.isPending}>
            Complete Account Setup
          </Button>
        </form>
      </AuthCard>
    </AuthLayout>
  );
}
