import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/Button";
import { Field } from "@/components/ui/Field";
import { Input } from "@/components/ui/Input";
import { toast } from "@/components/ui/toast";
import { IconArrowRight } from "@/components/ui/icons";
import { EmailAddress } from "@/components/ui/EmailAddress";
import { GoogleMark } from "@/components/AuthLayout";

/** Onboarding step 1 'Profile': the name, and the account it belongs to. */
export function ProfileStep({
  initialName,
  email,
  saving,
  onContinue,
}: {
  initialName: string;
  email: string;
  saving: boolean;
  onContinue: (name: string) => void;
}) {
  const [name, setName] = useState(initialName);
  const blank = name.trim() === "";

  function submit(e: FormEvent) {
    e.preventDefault();
    if (blank) return toast("Please enter your name", "error");
    onContinue(name.trim());
  }

  return (
    <form onSubmit={submit} className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">Tell us about yourself</h1>
        <p className="mt-1 text-sm text-slate-600">This is the name your customers will see on your sales pages.</p>
      </div>
      <Field label="Your name" required>
        <Input value={name} onChange={(e) => setName(e.target.value)} maxLength={100} autoComplete="name" required />
      </Field>
      <div
        className="flex items-center gap-3 rounded-xl border border-slate-200 bg-slate-50 px-4 py-3"
        aria-label="Signed-in account"
      >
        <span className="flex h-10 w-10 flex-none items-center justify-center rounded-full bg-white shadow-sm ring-1 ring-slate-200">
          <GoogleMark />
        </span>
        <div className="min-w-0">
          {/* Whole, never cut off: it is how the person checks which account they signed in with. */}
          <p className="text-sm font-medium text-slate-900">
            <EmailAddress email={email} />
          </p>
          <p className="text-xs text-slate-500">Google Account</p>
        </div>
      </div>
      <div className="flex justify-end">
        <Button type="submit" size="lg" disabled={blank} loading={saving} className="w-full sm:w-auto">
          Continue <IconArrowRight className="h-4 w-4" />
        </Button>
      </div>
    </form>
  );
}
