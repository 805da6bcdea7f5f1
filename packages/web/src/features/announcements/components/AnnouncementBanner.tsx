import { useState } from "react";
import { useAnnouncements, type Announcement } from "@/features/announcements/api/announcements";
import { IconAlert, IconCheck, IconSparkles, IconX } from "@/components/ui/icons";
import { cn } from "@/components/ui/cn";

/**
 * Active announcements for the signed-in person's audience, one banner each, at the top of
 * the signed-in areas. A dismissal is remembered per announcement id in localStorage, so
 * an edited or new announcement shows again while a dismissed one stays away.
 */
const STORAGE_KEY = "payloft.dismissedAnnouncements";

const styles: Record<Announcement["type"], { box: string; icon: string; Icon: typeof IconAlert }> = {
  info: { box: "border-sky-200 bg-sky-50 text-sky-900", icon: "bg-sky-100 text-sky-700", Icon: IconSparkles },
  success: {
    box: "border-emerald-200 bg-emerald-50 text-emerald-900",
    icon: "bg-emerald-100 text-emerald-700",
    Icon: IconCheck,
  },
  warning: { box: "border-amber-200 bg-amber-50 text-amber-900", icon: "bg-amber-100 text-amber-700", Icon: IconAlert },
  error: { box: "border-red-200 bg-red-50 text-red-900", icon: "bg-red-100 text-red-700", Icon: IconAlert },
};

function readDismissed(): string[] {
  try {
    const v = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? "[]");
    return Array.isArray(v) ? v.filter((x) => typeof x === "string") : [];
  } catch {
    return [];
  }
}

export function AnnouncementBanner({ className }: { className?: string }) {
  const { data } = useAnnouncements();
  const [dismissed, setDismissed] = useState(readDismissed);
  const visible = (data ?? []).filter((a) => !dismissed.includes(a.id));
  if (!visible.length) return null;

  const dismiss = (id: string) => {
    const next = [...new Set([...dismissed, id])];
    setDismissed(next);
    try {
      localStorage.setItem(STORAGE_KEY, JSON.stringify(next));
    } catch {
      /* private mode: dismiss for this visit only */
    }
  };

  return (
    <div className={cn("space-y-3", className)}>
      {visible.map((a) => {
        const s = styles[a.type] ?? styles.info;
        return (
          <div
            key={a.id}
            role={a.type === "error" || a.type === "warning" ? "alert" : "status"}
            className={cn("flex items-start gap-3 rounded-xl border px-4 py-3 shadow-sm", s.box)}
            data-testid="announcement"
          >
            <span className={cn("mt-0.5 flex h-7 w-7 shrink-0 items-center justify-center rounded-full", s.icon)}>
              <s.Icon className="h-4 w-4" />
            </span>
            <div className="min-w-0 flex-1">
              <p className="text-sm font-semibold">{a.title}</p>
              <p className="mt-0.5 whitespace-pre-line text-sm opacity-90">{a.content}</p>
            </div>
            <button
              type="button"
              onClick={() => dismiss(a.id)}
              aria-label={`Dismiss announcement: ${a.title}`}
              className="rounded-md p-1 opacity-60 transition hover:bg-black/5 hover:opacity-100 focus-visible:outline-2 focus-visible:outline-current"
            >
              <IconX className="h-4 w-4" />
            </button>
          </div>
        );
      })}
    </div>
  );
}
