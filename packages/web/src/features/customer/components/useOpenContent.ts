import { ApiError } from "@/lib/api";
import { toast } from "@/components/ui/toast";
import { useTrackAccess } from "@/features/customer/api/trackAccess";
import type { Purchase } from "@/features/customer/api/purchases";

/**
 * 'Access Content': records the access first, then opens the content in a new tab. The tab
 * is opened synchronously inside the click (so popup blockers allow it) and pointed at the
 * content once the access is recorded. A refused access (refunded, disputed, not yours) closes it.
 */
export function useOpenContent() {
  const track = useTrackAccess();
  const open = (p: Purchase) => {
    if (p.status !== "completed" || !p.content_url) return;
    const tab = window.open("", "_blank");
    const url = p.content_url;
    track.mutate(p.id, {
      onSuccess: () => go(tab, url),
      onError: (err) => {
        if (err instanceof ApiError && err.status >= 400 && err.status < 500) {
          tab?.close();
          toast(err.message, "error");
          return;
        }
        // A tracking failure is only logged; the buyer still gets their content.
        console.error("Failed to track access", err);
        go(tab, url);
      },
    });
  };
  return { open, pendingId: track.isPending ? track.variables : undefined };
}

function go(tab: Window | null, url: string) {
  if (tab && !tab.closed) {
    tab.opener = null; // the content site must not be able to script this page
    tab.location.href = url;
  } else {
    window.open(url, "_blank", "noopener,noreferrer");
  }
}
