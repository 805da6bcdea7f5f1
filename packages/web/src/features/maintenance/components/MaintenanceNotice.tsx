import { useEffect, useRef } from "react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useSession } from "@/app/session";
import { LogoWordmark } from "@/components/LogoMark";
import { profileQuery } from "@/lib/profile";
import { usePublicStatus } from "@/lib/publicStatus";

/**
 * Maintenance mode (product rule): while it is on, every page shows this full-page notice to
 * anyone who is not an admin. Sign-in pages and /admin stay reachable so an admin can get
 * in (the admin panel itself sends non-admins away), and so does the checkout success page:
 * a buyer who paid just before maintenance began still gets their content. Mounted once over
 * the app's router, and once by the sales page's own entry.
 */
const OPEN_DURING_MAINTENANCE = ["/login", "/auth/callback", "/admin", "/checkout/success"];

export function MaintenanceNotice({ pathname }: { pathname: string }) {
  const status = usePublicStatus();
  const { user } = useSession();
  const on = status.data?.maintenance_mode === true;
  // Only an admin's profile call succeeds during maintenance; a 503 means "not an admin".
  const profile = useQuery({ ...profileQuery(), enabled: on && !!user });
  const isAdmin = !!profile.data && (profile.data.role === "admin" || profile.data.is_admin);
  const client = useQueryClient();
  const wasOn = useRef(false);
  useEffect(() => {
    // Calls made during maintenance failed with 503: when it ends, load them again.
    if (wasOn.current && !on) void client.invalidateQueries();
    wasOn.current = on;
  }, [on, client]);

  const shown = on && !isAdmin && !OPEN_DURING_MAINTENANCE.includes(pathname) && !(user && profile.isPending);
  useEffect(() => {
    if (!shown) return;
    // The page underneath must not scroll behind the notice.
    const html = document.documentElement;
    const before = html.style.overflow;
    html.style.overflow = "hidden";
    return () => {
      html.style.overflow = before;
    };
  }, [shown]);

  if (!shown) return null;

  const site = status.data?.site_name || "Payloft";
  return (
    <div
      className="fixed inset-0 z-[90] flex items-center justify-center overflow-y-auto bg-slate-50 px-4 py-10"
      role="alertdialog"
      aria-modal="true"
      aria-labelledby="maintenance-title"
      data-testid="maintenance-notice"
    >
      <div className="w-full max-w-md rounded-2xl border border-slate-200 bg-white p-8 text-center shadow-sm">
        <div className="flex justify-center">
          <LogoWordmark />
        </div>
        <div
          className="mx-auto mt-6 flex h-14 w-14 items-center justify-center rounded-full bg-amber-50 text-amber-600"
          aria-hidden
        >
          <svg
            viewBox="0 0 24 24"
            fill="none"
            stroke="currentColor"
            strokeWidth={1.8}
            strokeLinecap="round"
            strokeLinejoin="round"
            className="h-7 w-7"
          >
            <path d="M14.7 6.3a4 4 0 0 0-5.4 5.4l-5.6 5.6a1.5 1.5 0 0 0 2.1 2.1l5.6-5.6a4 4 0 0 0 5.4-5.4l-2.5 2.5-2.1-.5-.5-2.1 2.5-2.5Z" />
          </svg>
        </div>
        <h1 id="maintenance-title" className="mt-5 text-xl font-bold text-slate-900">
          We'll be right back
        </h1>
        <p className="mt-2 text-sm leading-relaxed text-slate-600">
          {site} is down for maintenance. Please try again soon.
        </p>
        {status.data?.support_email && (
          <p className="mt-4 text-sm text-slate-500">
            Need help?{" "}
            <a
              className="font-semibold text-brand-600 hover:text-brand-700"
              href={`mailto:${status.data.support_email}`}
            >
              {status.data.support_email}
            </a>
          </p>
        )}
        {!user && (
          <a href="/login" className="mt-6 inline-block text-xs font-medium text-slate-400 hover:text-slate-600">
            Admin sign in
          </a>
        )}
      </div>
    </div>
  );
}
