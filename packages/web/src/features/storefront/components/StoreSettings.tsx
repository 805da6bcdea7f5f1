import { useState, type FormEvent } from "react";
import { hasFeature } from "@payloft/core/plan/features";
import { Button } from "@/components/ui/Button";
import { Card, CardContent, CardFooter, CardHeader } from "@/components/ui/Card";
import { Field } from "@/components/ui/Field";
import { Input } from "@/components/ui/Input";
import { SkeletonText } from "@/components/ui/Skeleton";
import { Textarea } from "@/components/ui/Textarea";
import { toast } from "@/components/ui/toast";
import { ApiError } from "@/lib/api";
import type { Profile } from "@/lib/profile";
import { UpgradeCard } from "@/features/plans";
import { useMyStore, useSaveStore, type MyStore } from "@/features/storefront/api/myStore";

const DEFAULT_ACCENT = "#4f46e5";

/** Dashboard → Storefront: handle, bio, logo and (Pro and up) the accent colour of the creator's pages. */
export function StoreSettings({ profile }: { profile: Profile }) {
  const store = useMyStore();
  if (store.isPending)
    return (
      <Card className="p-6">
        <SkeletonText lines={4} />
      </Card>
    );
  if (store.isError)
    return <Card className="p-6 text-sm text-slate-500">Your store could not be loaded. Please try again.</Card>;
  // Mounted once the store has loaded, so the fields start from it; not re-keyed on save (an
  // unmounting form would drop the save's own success and error callbacks).
  return <StoreForm store={store.data} profile={profile} />;
}

function StoreForm({ store, profile }: { store: MyStore | null; profile: Profile }) {
  const branding = hasFeature(profile, "custom_branding");
  const [handle, setHandle] = useState(store?.handle ?? "");
  const [bio, setBio] = useState(store?.bio ?? "");
  const [logo, setLogo] = useState(store?.avatar_url ?? "");
  const [accent, setAccent] = useState(store?.accent_color ?? "");
  const [error, setError] = useState<{ field: "handle" | "form"; text: string } | null>(null);
  const save = useSaveStore();
  const origin = window.location.origin;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    save.mutate(
      { handle, bio, avatar_url: logo, ...(branding ? { accent_color: accent } : {}) },
      {
        onSuccess: (res) => {
          setHandle(res.store.handle);
          setAccent(res.store.accent_color ?? "");
          toast("Your store is saved.", "success");
        },
        onError: (err) => {
          const text = err instanceof ApiError ? err.message : "Your store could not be saved. Please try again.";
          const aboutHandle = err instanceof ApiError && (err.status === 409 || /handle/i.test(text));
          setError({ field: aboutHandle ? "handle" : "form", text });
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <Card>
        <CardHeader
          title="Store details"
          description="One page that lists every product you sell, at your own address."
          action={
            store && (
              <a
                href={`/s/${store.handle}`}
                target="_blank"
                rel="noopener noreferrer"
                className="text-sm font-semibold text-brand-700 hover:underline"
              >
                View your store
              </a>
            )
          }
        />
        <CardContent className="space-y-5">
          <Field
            label="Handle"
            required
            hint={`Your store's address: ${origin}/s/${handle.trim().toLowerCase() || "your-handle"}`}
            error={error?.field === "handle" ? error.text : undefined}
          >
            <Input
              name="handle"
              value={handle}
              onChange={(e) => setHandle(e.target.value)}
              placeholder="maya-makes"
              autoComplete="off"
              spellCheck={false}
              maxLength={30}
              required
            />
          </Field>
          <Field label="Bio" hint="A sentence or two about you and what you make (up to 500 characters).">
            <Textarea name="bio" value={bio} onChange={(e) => setBio(e.target.value)} rows={3} maxLength={500} />
          </Field>
          <Field
            label="Logo URL"
            hint={
              branding
                ? "Shown on your store page and on your sales pages."
                : "Shown on your store page. Pro shows it on your sales pages too."
            }
          >
            <Input
              name="avatar_url"
              type="url"
              value={logo}
              onChange={(e) => setLogo(e.target.value)}
              placeholder="https://…/logo.png"
            />
          </Field>
          {branding ? (
            <Field
              label="Accent colour"
              hint="Buttons and highlights on your store and sales pages. Leave empty for Payloft's."
            >
              <div className="flex items-center gap-3">
                <input
                  type="color"
                  aria-label="Pick the accent colour"
                  value={accent || DEFAULT_ACCENT}
                  onChange={(e) => setAccent(e.target.value)}
                  className="h-10 w-12 shrink-0 cursor-pointer rounded-lg border border-slate-300 bg-white p-1"
                />
                <Input
                  name="accent_color"
                  value={accent}
                  onChange={(e) => setAccent(e.target.value)}
                  placeholder={DEFAULT_ACCENT}
                  maxLength={7}
                  className="max-w-40"
                />
              </div>
            </Field>
          ) : (
            <UpgradeCard
              feature="custom_branding"
              description="Your own accent colour on your store, and your logo and colour on every sales page."
            />
          )}
          {error?.field === "form" && (
            <p role="alert" className="text-sm font-medium text-red-600">
              {error.text}
            </p>
          )}
        </CardContent>
        <CardFooter>
          <Button type="submit" loading={save.isPending}>
            {store ? "Save store" : "Create store"}
          </Button>
        </CardFooter>
      </Card>
    </form>
  );
}
