import { useState } from "react";
import { Button } from "@/components/ui/Button";
import { Card, CardContent, CardHeader } from "@/components/ui/Card";
import { Field } from "@/components/ui/Field";
import { Input } from "@/components/ui/Input";
import { toast } from "@/components/ui/toast";
import type { Profile } from "@/lib/profile";
import { useUpdateProfileName } from "@/features/settings/api/updateProfileName";

/**
 * Settings → Account: e-mail (read-only, managed by Google sign-in), the display name with
 * Edit / Save / Cancel (Save disabled while blank), and the account id.
 */
export function AccountTab({ profile, email }: { profile: Profile; email: string }) {
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(profile.name);
  const update = useUpdateProfileName();
  const blank = name.trim() === "";

  const save = () => {
    if (blank) return;
    update.mutate(
      { name: name.trim(), plan: profile.plan },
      {
        onSuccess: () => setEditing(false),
        // Other failures are only logged; the form stays open so nothing typed is lost.
        onError: (err) => console.error("Failed to update profile", err),
      },
    );
  };

  return (
    <Card>
      <CardHeader title="Account" description="Your sign-in details and how your name appears to customers." />
      <CardContent className="space-y-6">
        <Field label="Email" hint="Your e-mail is managed by Google sign-in.">
          <Input value={email} readOnly disabled className="bg-slate-50" />
        </Field>

        <div>
          <Field label="Display name">
            {editing ? (
              // The person just pressed Edit: the field they asked for takes focus.
              // eslint-disable-next-line jsx-a11y/no-autofocus
              <Input value={name} onChange={(e) => setName(e.target.value)} autoFocus maxLength={100} />
            ) : (
              <div
                className="flex min-h-10 items-center rounded-lg border border-transparent text-slate-900"
                data-testid="display-name"
              >
                {profile.name || "—"}
              </div>
            )}
          </Field>
          <div className="mt-3 flex gap-2">
            {editing ? (
              <>
                <Button size="sm" onClick={save} disabled={blank} loading={update.isPending}>
                  Save
                </Button>
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

        <Field label="Account ID">
          <div className="flex min-h-10 items-center gap-2">
            <code className="truncate rounded-md bg-slate-100 px-2 py-1 font-mono text-xs text-slate-700">
              {profile.id}
            </code>
            <button
              type="button"
              className="text-xs font-medium text-brand-600 hover:text-brand-700"
              onClick={() =>
                navigator.clipboard
                  ?.writeText(profile.id)
                  .then(() => toast("Account ID copied", "success"))
                  .catch(() => {})
              }
            >
              Copy
            </button>
          </div>
        </Field>
      </CardContent>
    </Card>
  );
}
