import {
  useEffect,
  useRef,
  useState,
  useSyncExternalStore,
  type ComponentType,
  type ReactNode,
  type SVGProps,
} from "react";
import { Logo } from "./Logo";
import { IconMenu, IconX } from "./ui/icons";
import { cn } from "./ui/cn";
import { useFocusTrap } from "./ui/useFocusTrap";

export interface ShellSection<Id extends string> {
  id: Id;
  label: string;
  Icon: ComponentType<SVGProps<SVGSVGElement>>;
  /** Draws a thin rule above this entry, to group the navigation. */
  divideBefore?: boolean;
}

interface AppShellProps<Id extends string> {
  /** Names the sidebar landmark ("Dashboard", "Admin") and its navigation ("… sections"). */
  label: string;
  homeHref: string;
  sections: readonly ShellSection<Id>[];
  active: Id;
  onSelect: (id: Id) => void;
  /** Shown next to the logo, e.g. the Admin tag. */
  brandTag?: ReactNode;
  /** The bottom of the sidebar: who is signed in, help and log-out links. */
  footer: ReactNode;
  /** Sidebar width on large screens: admin labels are longer than the creator's. */
  wide?: boolean;
  children: ReactNode;
}

/**
 * The frame of the signed-in areas (creator dashboard, admin panel): a sticky sidebar on
 * large screens and, on phones and tablets, a top bar whose menu button opens the same
 * navigation as a drawer. Choosing a section closes the drawer and scrolls to the top.
 */
export function AppShell<Id extends string>({
  label,
  homeHref,
  sections,
  active,
  onSelect,
  brandTag,
  footer,
  wide,
  children,
}: AppShellProps<Id>) {
  const [drawerOpen, setDrawerOpen] = useState(false);
  const desktop = useIsDesktop();
  const drawer = useRef<HTMLDivElement>(null);
  useFocusTrap(drawer, drawerOpen && !desktop);

  useEffect(() => {
    if (!drawerOpen) return;
    const onKey = (e: KeyboardEvent) => e.key === "Escape" && setDrawerOpen(false);
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [drawerOpen]);

  const select = (id: Id) => {
    onSelect(id);
    setDrawerOpen(false);
    window.scrollTo({ top: 0 });
  };
  const brand = (
    <div className="flex items-center gap-2">
      <Logo to={homeHref} />
      {brandTag}
    </div>
  );
  const nav = (
    <div className="flex h-full flex-col">
      <div className="flex h-16 shrink-0 items-center px-5">{brand}</div>
      <nav className="flex-1 space-y-0.5 overflow-y-auto px-3 py-2" aria-label={`${label} sections`}>
        {sections.map(({ id, label: text, Icon, divideBefore }) => (
          <div key={id}>
            {divideBefore && <div className="mx-3 my-2 border-t border-slate-100" aria-hidden />}
            <button
              type="button"
              onClick={() => select(id)}
              aria-current={active === id ? "page" : undefined}
              className={cn(
                "flex w-full items-center gap-3 rounded-lg px-3 py-2.5 text-left text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-brand-500",
                active === id ? "bg-brand-50 text-brand-700" : "text-slate-600 hover:bg-slate-100 hover:text-slate-900",
              )}
            >
              <Icon className="h-5 w-5 shrink-0" />
              {text}
            </button>
          </div>
        ))}
      </nav>
      <div className="space-y-1 border-t border-slate-200 px-3 py-4">{footer}</div>
    </div>
  );

  return (
    <div className="min-h-screen bg-slate-50 lg:flex">
      {desktop ? (
        <aside className={cn("shrink-0 border-r border-slate-200 bg-white", wide ? "w-72" : "w-64")} aria-label={label}>
          <div className="sticky top-0 h-screen">{nav}</div>
        </aside>
      ) : (
        <header className="sticky top-0 z-30 flex h-14 items-center justify-between border-b border-slate-200 bg-white/95 px-4 backdrop-blur">
          {brand}
          <button
            type="button"
            onClick={() => setDrawerOpen(true)}
            aria-label="Open menu"
            aria-expanded={drawerOpen}
            className="rounded-lg p-2 text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-500"
          >
            <IconMenu className="h-6 w-6" />
          </button>
        </header>
      )}

      {drawerOpen && !desktop && (
        <div ref={drawer} className="fixed inset-0 z-40" role="dialog" aria-modal="true" aria-label="Menu">
          <div className="absolute inset-0 bg-slate-900/40" onClick={() => setDrawerOpen(false)} aria-hidden />
          <div className="absolute inset-y-0 left-0 flex w-80 max-w-[88vw] flex-col bg-white shadow-xl">
            <button
              type="button"
              onClick={() => setDrawerOpen(false)}
              aria-label="Close menu"
              className="absolute right-3 top-4 z-10 rounded-lg p-1.5 text-slate-500 hover:bg-slate-100"
            >
              <IconX className="h-5 w-5" />
            </button>
            {nav}
          </div>
        </div>
      )}

      <main className="min-w-0 flex-1">
        <div className="mx-auto w-full max-w-6xl px-4 py-6 sm:px-6 lg:px-8 lg:py-8">{children}</div>
      </main>
    </div>
  );
}

/** The signed-in person at the bottom of the sidebar: initial, name and one line under it. */
export function ShellUser({
  name,
  detail,
  avatarClassName,
  nameTestId,
  detailTestId,
}: {
  name: string;
  detail: ReactNode;
  avatarClassName?: string;
  nameTestId?: string;
  detailTestId?: string;
}) {
  const initial = (name.trim()[0] ?? "?").toUpperCase();
  return (
    <div className="mb-2 flex items-center gap-3 rounded-lg px-3 py-2">
      <span
        className={cn(
          "flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-brand-600 text-sm font-semibold text-white",
          avatarClassName,
        )}
        aria-hidden
      >
        {initial}
      </span>
      <div className="min-w-0">
        <p className="truncate text-sm font-semibold text-slate-900" data-testid={nameTestId}>
          {name}
        </p>
        <p className="flex items-center gap-1 truncate text-xs text-slate-500" data-testid={detailTestId}>
          {detail}
        </p>
      </div>
    </div>
  );
}

/** A quiet full-width sidebar action (Help & Support, Log Out). */
export const shellLinkClass =
  "flex w-full items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium text-slate-600 hover:bg-slate-100 hover:text-slate-900";
export const shellLogoutClass =
  "flex w-full items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium text-slate-600 hover:bg-red-50 hover:text-red-700";

/**
 * Large screens get the sidebar, smaller ones the top bar and drawer. Only one of them is
 * rendered (not both with CSS hiding), so the navigation exists once for assistive tech.
 */
const DESKTOP = "(min-width: 1024px)";
function useIsDesktop() {
  return useSyncExternalStore(
    (notify) => {
      const mq = window.matchMedia(DESKTOP);
      mq.addEventListener("change", notify);
      return () => mq.removeEventListener("change", notify);
    },
    () => window.matchMedia(DESKTOP).matches,
  );
}
