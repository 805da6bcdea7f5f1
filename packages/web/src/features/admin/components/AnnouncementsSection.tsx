import { useState } from "react";
import { Badge, type BadgeTone } from "@/components/ui/Badge";
import { Button } from "@/components/ui/Button";
import { Card } from "@/components/ui/Card";
import { confirmDialog } from "@/components/ui/ConfirmDialog";
import { EmptyState } from "@/components/ui/EmptyState";
import { Skeleton } from "@/components/ui/Skeleton";
import { Switch } from "@/components/ui/Switch";
import { IconPlus } from "@/components/ui/icons";
import { useAdminAnnouncements, useDeleteAnnouncement, useSaveAnnouncement } from "@/features/admin/api/announcements";
import type { AdminAnnouncement } from "@/features/admin/api/types";
import { formatDate } from "@/features/admin/lib/format";
import { IconMegaphone } from "@/components/navIcons";
import { AnnouncementDialog } from "./AnnouncementDialog";
import { SectionHeader } from "./SectionHeader";

const TYPE_TONES: Record<AdminAnnouncement["type"], BadgeTone> = {
  info: "info",
  warning: "warning",
  success: "success",
  error: "danger",
};
const AUDIENCE = { all: "Everyone", creators: "Creators", customers: "Customers", admins: "Admins" } as const;
const DELETE_CONFIRM = "Are you sure you want to delete this announcement?";

/** Announcements: list, create, edit, delete (after confirmation) and the active toggle. */
export function AnnouncementsSection() {
  const list = useAdminAnnouncements();
  const save = useSaveAnnouncement();
  const remove = useDeleteAnnouncement();
  const [dialog, setDialog] = useState<{ open: boolean; editing: AdminAnnouncement | null }>({
    open: false,
    editing: null,
  });

  const del = async (a: AdminAnnouncement) => {
    if (
      !(await confirmDialog({
        title: "Delete announcement?",
        message: DELETE_CONFIRM,
        confirmLabel: "Delete",
        tone: "danger",
      }))
    )
      return;
    remove.mutate(a.id, { onError: (err) => console.error("announcement delete failed", err) });
  };
  const toggle = (a: AdminAnnouncement, is_active: boolean) =>
    save.mutate({ id: a.id, is_active }, { onError: (err) => console.error("announcement toggle failed", err) });

  return (
    <div className="space-y-6">
      <SectionHeader
        title="Announcements"
        description="Banners shown to creators, customers or admins in their signed-in areas."
        action={
          <Button leftIcon={<IconPlus className="h-4 w-4" />} onClick={() => setDialog({ open: true, editing: null })}>
            New Announcement
          </Button>
        }
      />
      {list.isPending ? (
        <Skeleton className="h-40 w-full rounded-2xl" />
      ) : !list.data?.length ? (
        <EmptyState
          icon={<IconMegaphone />}
          title="No announcements yet"
          description="Post news, downtime notices or tips for your users."
          action={<Button onClick={() => setDialog({ open: true, editing: null })}>Create Announcement</Button>}
        />
      ) : (
        <div className="space-y-3">
          {list.data.map((a) => (
            <Card key={a.id} className="p-5" data-testid="admin-announcement">
              <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
                <div className="min-w-0 flex-1">
                  <div className="flex flex-wrap items-center gap-2">
                    <h3 className="text-base font-semibold text-slate-900">{a.title}</h3>
                    <Badge tone={TYPE_TONES[a.type]} className="capitalize">
                      {a.type}
                    </Badge>
                    <Badge>{AUDIENCE[a.target_audience]}</Badge>
                    {!a.is_active && <Badge>Inactive</Badge>}
                  </div>
                  <p className="mt-1.5 whitespace-pre-line text-sm text-slate-600">{a.content}</p>
                  <p className="mt-2 text-xs text-slate-400">
                    Created {formatDate(a.created_at)}
                    {a.updated_at !== a.created_at ? ` · updated ${formatDate(a.updated_at)}` : ""}
                  </p>
                </div>
                <div className="flex shrink-0 items-center gap-2">
                  <Switch
                    checked={a.is_active}
                    onChange={(v) => toggle(a, v)}
                    aria-label={`${a.is_active ? "Deactivate" : "Activate"} ${a.title}`}
                  />
                  <Button size="sm" variant="secondary" onClick={() => setDialog({ open: true, editing: a })}>
                    Edit
                  </Button>
                  <Button size="sm" variant="ghost" className="text-red-600! hover:bg-red-50!" onClick={() => del(a)}>
                    Delete
                  </Button>
                </div>
              </div>
            </Card>
          ))}
        </div>
      )}
      <AnnouncementDialog
        open={dialog.open}
        editing={dialog.editing}
        onClose={() => setDialog({ open: false, editing: null })}
      />
    </div>
  );
}
