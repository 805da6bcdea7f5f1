import { useEffect, useRef, useState } from "react";
import { ApiError } from "@/lib/api";
import { Button } from "@/components/ui/Button";
import { Field } from "@/components/ui/Field";
import { Input } from "@/components/ui/Input";
import { Select } from "@/components/ui/Select";
import { Textarea } from "@/components/ui/Textarea";
import { IconCheck } from "@/components/ui/icons";
import { useUpdateSetting } from "@/features/admin/api/settings";
import type { PlatformSetting } from "@/features/admin/api/types";
import { humanize } from "@/features/admin/lib/format";

/** Which control each setting key gets. */
const NUMERIC = new Set(["commission_rate", "max_file_size"]);
const BOOLEAN = new Set(["auto_approve_products", "maintenance_mode"]);
const UNITS: Record<string, string> = { commission_rate: "%", max_file_size: "MB" };
const MULTILINE = new Set(["receipt_email_template", "testimonial_quote"]);
export const SAVED_INDICATOR_MS = 3000;

/** One setting, saved on its own, with the 3-second 'Saved' indicator. */
export function SettingRow({ setting }: { setting: PlatformSetting }) {
  const key = setting.setting_key;
  const [value, setValue] = useState(setting.setting_value);
  const [saved, setSaved] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const update = useUpdateSetting();
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => setValue(setting.setting_value), [setting.setting_value]);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const dirty = value !== setting.setting_value;
  const save = async () => {
    setError(null);
    try {
      await update.mutateAsync({ key, value });
      setSaved(true);
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(() => setSaved(false), SAVED_INDICATOR_MS);
    } catch (err) {
      console.error("setting update failed", err);
      setError(
        err instanceof ApiError && err.status === 400 ? err.message : "Could not save this setting. Please try again.",
      );
    }
  };

  const control = BOOLEAN.has(key) ? (
    <Select
      value={value}
      onChange={(e) => setValue(e.target.value)}
      options={[
        { value: "true", label: "Enabled" },
        { value: "false", label: "Disabled" },
      ]}
    />
  ) : MULTILINE.has(key) ? (
    <Textarea
      value={value}
      onChange={(e) => setValue(e.target.value)}
      rows={key === "testimonial_quote" ? 4 : 8}
      className={key === "testimonial_quote" ? undefined : "font-mono text-xs"}
    />
  ) : NUMERIC.has(key) ? (
    <div className="relative">
      <Input
        type="number"
        inputMode="decimal"
        step="any"
        min={0}
        value={value}
        onChange={(e) => setValue(e.target.value)}
        className="pr-12"
      />
      {UNITS[key] && (
        <span className="pointer-events-none absolute right-3 top-1/2 -translate-y-1/2 text-sm text-slate-400">
          {UNITS[key]}
        </span>
      )}
    </div>
  ) : (
    <Input type={key.includes("email") ? "email" : "text"} value={value} onChange={(e) => setValue(e.target.value)} />
  );

  return (
    <div className="grid gap-3 py-4 sm:grid-cols-[1fr_auto] sm:items-end" data-testid={`setting-${key}`}>
      <Field label={humanize(key)} hint={setting.description} error={error}>
        {control}
      </Field>
      <div className="flex items-center gap-3 sm:pb-[1.625rem]">
        {saved && (
          <span role="status" className="inline-flex items-center gap-1 text-sm font-medium text-emerald-600">
            <IconCheck className="h-4 w-4" /> Saved
          </span>
        )}
        <Button
          variant={dirty ? "primary" : "secondary"}
          onClick={save}
          loading={update.isPending}
          disabled={!dirty && !update.isPending}
          aria-label={`Save ${humanize(key)}`}
        >
          Save
        </Button>
      </div>
    </div>
  );
}
