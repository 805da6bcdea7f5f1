import { useState, type FormEvent } from "react";
import { Link } from "react-router-dom";
import { hasFeature } from "@payloft/core/plan/features";
import { Button } from "@/components/ui/Button";
import { Card, CardContent, CardHeader } from "@/components/ui/Card";
import { confirmDialog } from "@/components/ui/ConfirmDialog";
import { EmptyState } from "@/components/ui/EmptyState";
import { Field } from "@/components/ui/Field";
import { Input } from "@/components/ui/Input";
import { SkeletonText } from "@/components/ui/Skeleton";
import { IconLock } from "@/components/ui/icons";
import { toast } from "@/components/ui/toast";
import { ApiError } from "@/lib/api";
import type { Profile } from "@/lib/profile";
import { formatDate } from "@/lib/format";
import { UpgradeCard } from "@/features/plans";
import { useApiKeys, type ApiKeyInfo } from "@/features/developers/api/apiKeys";
import { useCreateApiKey } from "@/features/developers/api/createApiKey";
import { useRevokeApiKey } from "@/features/developers/api/revokeApiKey";
import { SecretReveal } from "./SecretReveal";

/** Settings → API: create, list and revoke API keys (Business, lifetime, admins). */
export function ApiKeysTab({ profile }: { profile: Profile }) {
  if (!hasFeature(profile, "api_keys"))
    return (
      <UpgradeCard
        feature="api_keys"
        description="Connect your store to your own tools: create and update products, read sales and customers through the REST API."
      />
    );
  return <ApiKeysPanel />;
}

function ApiKeysPanel() {
  const keys = useApiKeys();
  const create = useCreateApiKey();
  const [name, setName] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [created, setCreated] = useState<string | null>(null);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setError(null);
    try {
      const res = await create.mutateAsync(name);
      setCreated(res.key);
      setName("");
    } catch (err) {
      setError(err instanceof ApiError ? err.message : "The key could not be created. Please try again.");
    }
  }

  return (
    <Card>
      <CardHeader
        title="API keys"
        description={
          <>
            Send a key as <code className="text-xs">Authorization: Bearer &lt;key&gt;</code> to the REST API.{" "}
            <Link className="font-medium text-brand-700 underline-offset-2 hover:underline" to="/docs/api">
              Read the API reference
            </Link>
          </>
        }
      />
      <CardContent className="space-y-5">
        <form onSubmit={(e) => void submit(e)} className="flex flex-col gap-3 sm:flex-row sm:items-end">
          <Field
            label="Key name"
            hint="Where the key will be used, e.g. 'Zapier' or 'Accounting export'."
            error={error}
            className="flex-1"
          >
            <Input value={name} maxLength={60} onChange={(e) => setName(e.target.value)} placeholder="Zapier" />
          </Field>
          <Button type="submit" loading={create.isPending} disabled={!name.trim()} className="sm:mb-6">
            Create key
          </Button>
        </form>
        {created && <SecretReveal title="Your new API key" value={created} onDone={() => setCreated(null)} />}
        <KeyList keys={keys.data} loading={keys.isPending} failed={keys.isError} />
      </CardContent>
    </Card>
  );
}

function KeyList({ keys, loading, failed }: { keys?: ApiKeyInfo[]; loading: boolean; failed: boolean }) {
  const revoke = useRevokeApiKey();
  if (loading) return <SkeletonText lines={3} />;
  if (failed || !keys)
    return <p className="text-sm text-slate-500">Your keys could not be loaded. Please try again.</p>;
  if (!keys.length)
    return (
      <EmptyState icon={<IconLock />} title="No API keys yet" description="Create a key to start using the API." />
    );

  async function onRevoke(key: ApiKeyInfo) {
    const ok = await confirmDialog({
      title: `Revoke "${key.name}"?`,
      message: "Apps using this key stop working immediately. This cannot be undone.",
      confirmLabel: "Revoke key",
      tone: "danger",
    });
    if (!ok) return;
    try {
      await revoke.mutateAsync(key.id);
      toast("API key revoked.", "success");
    } catch (err) {
      toast(err instanceof ApiError ? err.message : "The key could not be revoked. Please try again.", "error");
    }
  }

  return (
    <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200" aria-label="API keys">
      {keys.map((k) => (
        <li
          key={k.id}
          className="flex flex-col gap-2 px-4 py-3 sm:flex-row sm:items-center sm:justify-between"
          data-testid="api-key-row"
        >
          <div className="min-w-0">
            <p className="font-medium text-slate-900">{k.name}</p>
            <p className="text-sm text-slate-500">
              <code className="font-mono text-xs">{k.prefix}…</code> · Created {formatDate(k.created_at)} ·{" "}
              {k.last_used_at ? `Last used ${formatDate(k.last_used_at)}` : "Never used"}
            </p>
          </div>
          <Button size="sm" variant="secondary" onClick={() => void onRevoke(k)} aria-label={`Revoke ${k.name}`}>
            Revoke
          </Button>
        </li>
      ))}
    </ul>
  );
}
