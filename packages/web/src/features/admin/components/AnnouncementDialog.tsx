import { useEffect, useState, type FormEvent } from "react";
import { ApiError } from "@/lib/api";
import { Button } from "@/components/ui/Button";
import { Dialog } from "@/components/ui/Dialog";
import { Field } from "@/components/ui/Field";
import { Input } from "@/components/ui/Input";
import { Select } from "@/components/ui/Select";
import { Switch } from "@/components/ui/Switch";
import { Textarea } from "@/components/ui/Textarea";
import { useSaveAnnouncement, type AnnouncementInput } from "@/features/admin/api/announcements";
import type { AdminAnnouncement } from "@/features/admin/api/types";

/** Title and content required; type default info, audience default all, active default true. */
const DEFAULTS: AnnouncementInput = { title: "", content: "", type: "info", target_audience: "all", is_active: true };

export function AnnouncementDialog({
  open,
  editing,
  onClose,
}: {
  open: boolean;
  editing: AdminAnnouncement | null;
  onClose: () => void;
}) {
  const [form, setForm] = useState<AnnouncementInput>(DEFAULTS);
  const [errors, setErrors] = useState<{ title?: string; content?: string; form?: string }>({});
  const save = useSaveAnnouncement();
  useEffect(() => {
    if (!open) return;
    setErrors({});
    setForm(
      editing
        ? {
            title: editing.title,
            content: editing.content,
            type: editing.type,
            target_audience: editing.target_audience,
            is_active: editing.is_active,
          }
        : DEFAULTS,
    );
  }, [open, editing]);

  const set = <K extends keyof AnnouncementInput>(k: K, v: AnnouncementInput[K]) => setForm((f) => ({ ...f, [k]: v }));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const next = {
      title: form.title.trim() ? undefined : "Please enter a title.",
      content: form.content.trim() ? undefined : "Please enter the announcement content.",
    };
    setErrors(next);
    if (next.title || next.content) return;
    try {
      await save.mutateAsync({
        ...form,
        title: form.title.trim(),
        content: form.content.trim(),
        ...(editing ? { id: editing.id } : {}),
      });
      onClose();
    } catch (err) {
      console.error("announcement save failed", err);
      setErrors({
        form:
          err instanceof ApiError && err.status === 400
            ? err.message
            : "Could not save the announcement. Please try again.",
      });
    }
  };

  return (
    <Dialog
      open={open}
      onClose={onClose}
      dismissible={!save.isPending}
      title={editing ? "Edit announcement" : "New announcement"}
      description="Shown as a banner in the signed-in areas to the audience you choose."
    >
      <form onSubmit={submit} className="space-y-4" noValidate>
        <Field label="Title" required error={errors.title}>
          <Input value={form.title} onChange={(e) => set("title", e.target.value)} maxLength={200} data-autofocus />
        </Field>
        <Field label="Content" required error={errors.content}>
          <Textarea value={form.content} onChange={(e) => set("content", e.target.value)} rows={4} maxLength={5000} />
        </Field>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Type">
            <Select
              value={form.type}
              onChange={(e) => set("type", e.target.value as AnnouncementInput["type"])}
              options={[
                { value: "info", label: "Info" },
                { value: "warning", label: "Warning" },
                { value: "success", label: "Success" },
                { value: "error", label: "Error" },
              ]}
            />
          </Field>
          <Field label="Audience">
            <Select
              value={form.target_audience}
              onChange={(e) => set("target_audience", e.target.value as AnnouncementInput["target_audience"])}
              options={[
                { value: "all", label: "Everyone" },
                { value: "creators", label: "Creators" },
                { value: "customers", label: "Customers" },
                { value: "admins", label: "Admins" },
              ]}
            />
          </Field>
        </div>
        <Switch
          checked={form.is_active}
          onChange={(v) => set("is_active", v)}
          label="Active"
          description="Inactive announcements are kept but not shown."
        />
        {errors.form && (
          <p role="alert" className="text-sm font-medium text-red-600">
            {errors.form}
          </p>
        )}
        <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose} disabled={save.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending}>
            {editing ? "Save Changes" : "Create Announcement"}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
