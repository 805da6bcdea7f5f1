import { useState } from "react";
import { Button } from "@/components/ui/Button";
import { Card, CardContent, CardHeader } from "@/components/ui/Card";
import { Field } from "@/components/ui/Field";
import { Input } from "@/components/ui/Input";
import type { Profile } from "@/lib/profile";
import { formatDate } from "@/lib/format";
import { useUpdateCustomerProfile } from "@/features/customer/api/updateCustomerProfile";

/** Profile Settings: name (Edit/Cancel/Save, saved trimmed and only when non-blank), e-mail, account type, member since. */
export function ProfileSettingsTab({ profile, email }: { profile: Profile; email: string }) {
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(profile.name);
  const update = useUpdateCustomerProfile();
  const trimmed = name.trim();

  const save = () => {
    if (!trimmed) return;
    update.mutate(trimmed, {
      onSuccess: () => setEditing(false),
      onError: (err) => console.error("Failed to update profile", err),
    });
  };

  return (
    <Card className="max-w-2xl">
      <CardHeader title="Profile Settings" description="How you appear on receipts and in this portal." />
      <CardContent className="space-y-6">
        <div>
          <Field label="Display name">
            {editing ? (
              <Input
                value={name}
                onChange={(e) => setName(e.target.value)}
                // The person just pressed Edit: the field they asked for takes focus.
                // eslint-disable-next-line jsx-a11y/no-autofocus
                autoFocus
                maxLength={100}
                onKeyDown={(e) => e.key === "Enter" && save()}
              />
            ) : (
              <div className="flex min-h-10 items-center text-slate-900" data-testid="customer-name">
                {profile.name || "—"}
              </div>
            )}
          </Field>
          <div className="mt-3 flex gap-2">
            {editing ? (
              <>
                <Button
                  size="sm"
                  variant="secondary"
                  onClick={() => {
                    setEditing(false);
                    setName(profile.name);
                  }}
                >
                  Cancel
                </Button>
                <Button size="sm" onClick={save} disabled={!trimmed} loading={update.isPending}>
                  Save
                </Button>
              </>
            ) : (
              <Button
                size="sm"
                variant="secondary"
                onClick={() => {
                  setName(profile.name);
                  setEditing(true);
                }}
              >
                Edit
              </Button>
            )}
          </div>
        </div>
        <Field label="Email" hint="Email cannot be changed">
          <Input value={email} readOnly disabled className="bg-slate-50" />
        </Field>
        <dl className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <div className="rounded-xl bg-slate-50 px-4 py-3">
            <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">Account Type</dt>
            <dd className="mt-1 font-medium text-slate-900">Customer Account</dd>
          </div>
          <div className="rounded-xl bg-slate-50 px-4 py-3">
            <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">Member Since</dt>
            <dd className="mt-1 font-medium text-slate-900">{formatDate(profile.created_at)}</dd>
          </div>
        </dl>
      </CardContent>
    </Card>
  );
}
