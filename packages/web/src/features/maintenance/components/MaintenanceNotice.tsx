import { useEffect, useRef, useState } from "react";
import { useSession } from "@/lib/session";
import { LogoWordmark } from "@/components/LogoMark";
import { apiFetch } from "@/lib/api";
import type { Profile } from "@/lib/profile";
import { useLiveStatus } from "@/features/maintenance/api/liveStatus";

/**
 * Maintenance mode (product rule): while it is on, every page shows this full-page notice to
 * anyone who is not an admin. Sign-in pages and /admin stay reachable so an admin can get
 * in (the admin panel itself sends non-admins away), and so does the checkout success page:
 * a buyer who paid just before maintenance began still gets their content. Mounted once over
 * the app's router, and once around each page the server renders (src/rendered/Shell.tsx), so
 * it needs no query cache. `onEnd`: the app loads again what failed while maintenance was on.
 */
const OPEN_DURING_MAINTENANCE = ["/login", "/auth/callback", "/admin", "/checkout/success"];

export function MaintenanceNotice({ pathname, onEnd }: { pathname: string; onEnd?: () => void }) {
  const status = useLiveStatus();
  const { user } = useSession();
  const on = status?.maintenance_mode === true;
  const isAdmin = useIsAdmin(on && !!user);
  const wasOn = useRef(false);
  useEffect(() => {
    // Calls made during maintenance failed with 503: when it ends, load them again.
    if (wasOn.current && !on) onEnd?.();
    wasOn.current = on;
  }, [on, onEnd]);

  const shown = on && isAdmin === false && !OPEN_DURING_MAINTENANCE.includes(pathname);
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

  const site = status?.site_name || "Payloft";
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
        {status?.support_email && (
          <p className="mt-4 text-sm text-slate-500">
            Need help?{" "}
            <a className="font-semibold text-brand-600 hover:text-brand-700" href={`mailto:${status.support_email}`}>
              {status.support_email}
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

/**
 * Whether the signed-in person is an admin, asked only while `ask` (maintenance is on and someone
 * is signed in): only an admin's profile call succeeds during maintenance, a 503 means "not an
 * admin". false when nobody is signed in; undefined while the answer is on its way.
 */
function useIsAdmin(ask: boolean): boolean | undefined {
  const [admin, setAdmin] = useState<boolean | undefined>();
  useEffect(() => {
    if (!ask) return;
    let live = true;
    apiFetch<Profile>("/api/profile").then(
      (p) => live && setAdmin(p.role === "admin" || p.is_admin),
      () => live && setAdmin(false),
    );
    return () => {
      live = false;
    };
  }, [ask]);
  return ask ? admin : false;
}
