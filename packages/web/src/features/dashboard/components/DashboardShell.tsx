import { useEffect, useState, useSyncExternalStore, type ReactNode } from "react";
import { Logo } from "../../../components/Logo";
import { IconChart, IconMenu, IconUsers, IconX } from "../../../components/ui/icons";
import { cn } from "../../../components/ui/cn";
import { IconBox, IconHelp, IconLogout, IconSettings } from "./navIcons";

export type SectionId = "products" | "analytics" | "customers" | "settings";

export const SECTIONS: { id: SectionId; label: string; Icon: typeof IconBox }[] = [
  { id: "products", label: "Products", Icon: IconBox },
  { id: "analytics", label: "Analytics", Icon: IconChart },
  { id: "customers", label: "Customers", Icon: IconUsers },
  { id: "settings", label: "Settings", Icon: IconSettings },
];

interface ShellProps {
  active: SectionId;
  onSelect: (id: SectionId) => void;
  userName: string;
  planName: string;
  supportHref: string;
  onLogout: () => void;
  children: ReactNode;
}

/**
 * The creator dashboard frame: a sticky sidebar on large screens and, on phones and
 * tablets, a top bar whose menu button opens the same navigation as a drawer.
 */
export function DashboardShell({ active, onSelect, userName, planName, supportHref, onLogout, children }: ShellProps) {
  const [drawerOpen, setDrawerOpen] = useState(false);
  const desktop = useIsDesktop();

  useEffect(() => {
    if (!drawerOpen) return;
    const onKey = (e: KeyboardEvent) => e.key === "Escape" && setDrawerOpen(false);
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [drawerOpen]);

  const select = (id: SectionId) => {
    onSelect(id);
    setDrawerOpen(false);
  };
  const nav = <SidebarNav active={active} onSelect={select} userName={userName} planName={planName} supportHref={supportHref} onLogout={onLogout} />;

  return (
    <div className="min-h-screen bg-slate-50 lg:flex">
      {desktop ? (
        <aside className="w-64 shrink-0 border-r border-slate-200 bg-white" aria-label="Dashboard">
          <div className="sticky top-0 h-screen">{nav}</div>
        </aside>
      ) : (
        <header className="sticky top-0 z-30 flex h-14 items-center justify-between border-b border-slate-200 bg-white/95 px-4 backdrop-blur">
          <Logo to="/dashboard" />
          <button type="button" onClick={() => setDrawerOpen(true)} aria-label="Open menu" aria-expanded={drawerOpen}
            className="rounded-lg p-2 text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-500">
            <IconMenu className="h-6 w-6" />
          </button>
        </header>
      )}

      {drawerOpen && !desktop && (
        <div className="fixed inset-0 z-40" role="dialog" aria-modal="true" aria-label="Menu">
          <div className="absolute inset-0 bg-slate-900/40" onClick={() => setDrawerOpen(false)} aria-hidden />
          <div className="absolute inset-y-0 left-0 flex w-72 max-w-[85vw] flex-col bg-white shadow-xl">
            <button type="button" onClick={() => setDrawerOpen(false)} aria-label="Close menu"
              className="absolute right-3 top-4 z-10 rounded-lg p-1.5 text-slate-500 hover:bg-slate-100">
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

function SidebarNav({ active, onSelect, userName, planName, supportHref, onLogout }: Omit<ShellProps, "children">) {
  const initial = (userName.trim()[0] ?? "?").toUpperCase();
  return (
    <div className="flex h-full flex-col">
      <div className="flex h-16 items-center px-5"><Logo to="/dashboard" /></div>
      <nav className="flex-1 space-y-1 px-3 py-2" aria-label="Dashboard sections">
        {SECTIONS.map(({ id, label, Icon }) => (
          <button key={id} type="button" onClick={() => onSelect(id)} aria-current={active === id ? "page" : undefined}
            className={cn(
              "flex w-full items-center gap-3 rounded-lg px-3 py-2.5 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-brand-500",
              active === id ? "bg-brand-50 text-brand-700" : "text-slate-600 hover:bg-slate-100 hover:text-slate-900",
            )}>
            <Icon className="h-5 w-5" />
            {label}
          </button>
        ))}
      </nav>
      <div className="space-y-1 border-t border-slate-200 px-3 py-4">
        <div className="mb-2 flex items-center gap-3 rounded-lg px-3 py-2">
          <span className="flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-brand-600 text-sm font-semibold text-white" aria-hidden>{initial}</span>
          <div className="min-w-0">
            <p className="truncate text-sm font-semibold text-slate-900" data-testid="sidebar-name">{userName}</p>
            <p className="truncate text-xs text-slate-500" data-testid="sidebar-plan">{planName} Plan</p>
          </div>
        </div>
        <a href={supportHref} className="flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium text-slate-600 hover:bg-slate-100 hover:text-slate-900">
          <IconHelp className="h-5 w-5" /> Help &amp; Support
        </a>
        <button type="button" onClick={onLogout}
          className="flex w-full items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium text-slate-600 hover:bg-red-50 hover:text-red-700">
          <IconLogout className="h-5 w-5" /> Log Out
        </button>
      </div>
    </div>
  );
}
