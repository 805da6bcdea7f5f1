import { PAID_PLAN_IDS, PLANS } from "@payloft/core/plan/plans";
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/Button";
import { Card, CardContent, CardHeader } from "@/components/ui/Card";
import { Field } from "@/components/ui/Field";
import { Input } from "@/components/ui/Input";
import { Select } from "@/components/ui/Select";
import { toast } from "@/components/ui/toast";
import { useGrantAccount } from "@/features/admin/api/grantAccount";
import type { PlanChoice } from "@/features/admin/api/types";
import { planName } from "@/features/admin/lib/format";
import { SectionHeader } from "./SectionHeader";

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Grant Free Accounts (rule: Granted accounts): works for an e-mail that has never
 * signed in; the person receives the plan at their first Google sign-in.
 */
export function GrantAccountSection() {
  const [email, setEmail] = useState("");
  const [plan, setPlan] = useState<PlanChoice>("starter");
  const [isAdmin, setIsAdmin] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const grant = useGrantAccount();
  const trimmed = email.trim();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!EMAIL.test(trimmed)) return setError("Please enter a valid email address.");
    setError(null);
    try {
      const { user } = await grant.mutateAsync({ email: trimmed, plan, is_admin: isAdmin });
      toast(
        `${user.email} now has the ${planName(user.plan)} plan${user.is_admin ? " and admin access" : ""}.`,
        "success",
      );
      setEmail("");
      setIsAdmin(false);
      setPlan("starter");
    } catch (err) {
      console.error(err);
      toast("Failed to create user", "error");
    }
  };

  return (
    <div className="space-y-6">
      <SectionHeader
        title="Grant Free Accounts"
        description="Give someone a paid plan for free. It also works before they have ever signed in."
      />
      <Card className="max-w-2xl">
        <CardHeader
          title="New free account"
          description="They get the plan the first time they sign in with Google using this e-mail."
        />
        <CardContent>
          <form onSubmit={submit} className="space-y-5" noValidate>
            <Field label="Email" required error={error}>
              <Input
                type="email"
                value={email}
                onChange={(e) => {
                  setEmail(e.target.value);
                  setError(null);
                }}
                placeholder="name@example.com"
                autoComplete="off"
                required
              />
            </Field>
            <Field label="Plan">
              <Select
                value={plan}
                onChange={(e) => setPlan(e.target.value as PlanChoice)}
                options={PAID_PLAN_IDS.map((id) => ({ value: id, label: PLANS[id].name }))}
              />
            </Field>
            <label className="flex items-start gap-3 rounded-xl border border-slate-200 p-3">
              <input
                type="checkbox"
                checked={isAdmin}
                onChange={(e) => setIsAdmin(e.target.checked)}
                className="mt-0.5 h-4 w-4 rounded border-slate-300 text-brand-600 focus:ring-brand-500"
              />
              <span>
                <span className="block text-sm font-medium text-slate-800">Make this user an admin</span>
                <span className="block text-sm text-slate-500">
                  Admins can manage users, products, settings and announcements.
                </span>
              </span>
            </label>
            <div className="flex justify-end">
              <Button type="submit" disabled={!trimmed || grant.isPending} loading={grant.isPending}>
                {grant.isPending ? "Creating..." : "Create Account"}
              </Button>
            </div>
          </form>
        </CardContent>
      </Card>
    </div>
  );
}
