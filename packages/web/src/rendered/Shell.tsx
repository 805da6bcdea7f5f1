import type { ReactNode } from "react";
import { PageSessionProvider } from "@/rendered/session";
import { Toaster } from "@/components/ui/toast";
import { MaintenanceNotice } from "@/features/maintenance/components/MaintenanceNotice";

/**
 * Around every page the server renders: the session (its own fetch, rendered/session.tsx: a
 * signed-in buyer's e-mail fills the claim form), toasts and the maintenance notice, as inside the app, but no router and no query
 * cache: each of these pages is its own document, and links out of it are ordinary page loads.
 * The server and the browser render this same tree, so hydration finds what the server sent.
 */
export function PageShell({ children }: { children: ReactNode }) {
  return (
    <PageSessionProvider>
      {children}
      <Toaster />
      <MaintenanceNotice pathname="" />
    </PageSessionProvider>
  );
}
