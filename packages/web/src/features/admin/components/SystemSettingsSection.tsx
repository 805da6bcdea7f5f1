import { Card, CardContent, CardHeader } from "@/components/ui/Card";
import { Skeleton } from "@/components/ui/Skeleton";
import { IconAlert } from "@/components/ui/icons";
import { useSettings } from "@/features/admin/api/settings";
import type { PlatformSetting } from "@/features/admin/api/types";
import { SectionHeader } from "./SectionHeader";
import { SettingRow } from "./SettingRow";

const CATEGORIES: { id: PlatformSetting["category"]; title: string; description: string }[] = [
  { id: "system", title: "System", description: "Site-wide switches." },
  { id: "moderation", title: "Moderation", description: "How new products go live." },
  { id: "finance", title: "Finance", description: "The platform's cut of each sale." },
  { id: "limits", title: "Limits", description: "Upload and size limits." },
  { id: "contact", title: "Contact", description: "How customers reach support." },
  { id: "branding", title: "Branding", description: "Name and colour of the site." },
  {
    id: "landing",
    title: "Landing page",
    description: "A real customer's testimonial; it is hidden while the quote is empty.",
  },
  { id: "emails", title: "Emails", description: "Templates of the e-mails we send." },
];

/** System Settings grouped by category; the red banner warns while maintenance mode is on (rule: Maintenance mode). */
export function SystemSettingsSection() {
  const settings = useSettings();
  const maintenance = settings.data?.find((s) => s.setting_key === "maintenance_mode")?.setting_value === "true";
  return (
    <div className="space-y-6">
      <SectionHeader title="System Settings" description="Changes take effect immediately, no restart needed." />
      {maintenance && (
        <div
          role="alert"
          data-testid="maintenance-banner"
          className="flex items-start gap-3 rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-red-800"
        >
          <IconAlert className="mt-0.5 h-5 w-5 shrink-0" />
          <div>
            <p className="text-sm font-semibold">Maintenance mode is enabled</p>
            <p className="text-sm">
              Users cannot access the site. Only admins can use it until maintenance mode is disabled.
            </p>
          </div>
        </div>
      )}
      {settings.isPending ? (
        <Skeleton className="h-64 w-full rounded-2xl" />
      ) : settings.isError ? (
        <p className="text-sm text-slate-500">The settings could not be loaded. Please reload the page.</p>
      ) : (
        CATEGORIES.map((c) => {
          const items = (settings.data ?? []).filter((s) => s.category === c.id);
          if (!items.length) return null;
          return (
            <Card key={c.id}>
              <CardHeader title={c.title} description={c.description} />
              <CardContent className="divide-y divide-slate-100 py-0 sm:py-0">
                {items.map((s) => (
                  <SettingRow key={s.setting_key} setting={s} />
                ))}
              </CardContent>
            </Card>
          );
        })
      )}
    </div>
  );
}
