import { useEffect, useState, type ReactNode } from "react";
import { Logo } from "../../../components/Logo";
import { IconChart, IconMenu, IconShield, IconUsers, IconX } from "../../../components/ui/icons";
import { cn } from "../../../components/ui/cn";
import { IconBox, IconDollar, IconLogout, IconSettings, IconTrend } from "../../dashboard/components/navIcons";
import { IconGift, IconGrid, IconMegaphone, IconPie, IconReceipt, IconSliders } from "./navIcons";

export const ADMIN_SECTIONS = [
  { id: "overview", label: "Overview", Icon: IconGrid },
  { id: "my-products", label: "My Products", Icon: IconBox },
  { id: "my-analytics", label: "My Analytics", Icon: IconTrend },
  { id: "my-settings", label: "My Settings", Icon: IconSettings },
  { id: "grant", label: "Grant Free Accounts", Icon: IconGift },
  { id: "users", label: "All Users and Their Plans", Icon: IconUsers },
  { id: "moderation", label: "Product Moderation", Icon: IconShield },
  { id: "sales", label: "All Sales", Icon: IconReceipt },
  { id: "customers", label: "Customer Analytics", Icon: IconPie },
  { id: "finance", label: "Financial Reports", Icon: IconDollar },
  { id: "system", label: "System Settings", Icon: IconSliders },
  { id: "announcements", label: "Announcements", Icon: IconMegaphone },
] as const;
export type AdminSectionId = (typeof ADMIN_SECTIONS)[number]["id"];

interface ShellProps {
  active: AdminSectionId;
  onSelect: (id: AdminSectionId) => void;
  userName: string;
  onLogout: () => void;
  children: ReactNode;
}

/**
 * The admin frame, like the creator dashboard's: a fixed sidebar on large screens and a
 * drawer behind a menu button on phones and tablets.
 */
export function AdminShell({ active, onSelect, userName, onLogout, children }: ShellProps) {
  const [drawerOpen, setDrawerOpen] = useState(false);
  useEffect(() => {
    if (!drawerOpen) return;
    const onKey = (e: KeyboardEvent) => e.key === "Escape" && setDrawerOpen(false);
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [drawerOpen]);

  const select = (id: AdminSectionId) => {
    onSelect(id);
    setDrawerOpen(false);
    window.scrollTo({ top: 0 });
  };
  const nav = <SidebarNav active={active} onSelect={select} userName={userName} onLogout={onLogout} />;

  return (
    <div className="min-h-screen bg-slate-50">
      <aside className="fixed inset-y-0 left-0 hidden w-72 border-r border-slate-200 bg-white lg:flex lg:flex-col" aria-label="Admin">
        {nav}
      </aside>
      <header className="sticky top-0 z-30 flex h-14 items-center justify-between border-b border-slate-200 bg-white/95 px-4 backdrop-blur lg:hidden">
        <div className="flex items-center gap-2"><Logo to="/admin" /><AdminTag /></div>
        <button type="button" onClick={() => setDrawerOpen(true)} aria-label="Open menu" aria-expanded={drawerOpen}
          className="rounded-lg p-2 text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-500">
          <IconMenu className="h-6 w-6" />
        </button>
      </header>
      {drawerOpen && (
        <div className="fixed inset-0 z-40 lg:hidden" role="dialog" aria-modal="true" aria-label="Menu">
          <div className="absolute inset-0 bg-slate-900/40" onClick={() => setDrawerOpen(false)} aria-hidden />
          <div className="absolute inset-y-0 left-0 flex w-80 max-w-[88vw] flex-col bg-white shadow-xl">
            <button type="button" onClick={() => setDrawerOpen(false)} aria-label="Close menu"
              className="absolute right-3 top-4 rounded-lg p-1.5 text-slate-500 hover:bg-slate-100">
              <IconX className="h-5 w-5" />
            </button>
            {nav}
          </div>
        </div>
      )}
      <main className="lg:pl-72">
        <div className="mx-auto w-full max-w-6xl px-4 py-6 sm:px-6 lg:px-8 lg:py-8">{children}</div>
      </main>
    </div>
  );
}

const AdminTag = () => <span className="rounded-md bg-slate-900 px-1.5 py-0.5 text-[10px] font-bold uppercase tracking-wider text-white">Admin</span>;

function SidebarNav({ active, onSelect, userName, onLogout }: Omit<ShellProps, "children">) {
  const initial = (userName.trim()[0] ?? "?").toUpperCase();
  return (
    <div className="flex h-full flex-col">
      <div className="flex h-16 items-center gap-2 px-5"><Logo to="/admin" /><AdminTag /></div>
      <nav className="flex-1 space-y-0.5 overflow-y-auto px-3 py-2" aria-label="Admin sections">
        {ADMIN_SECTIONS.map(({ id, label, Icon }, i) => (
          <div key={id}>
            {(i === 1 || i === 4) && <div className="mx-3 my-2 border-t border-slate-100" aria-hidden />}
            <button type="button" onClick={() => onSelect(id)} aria-current={active === id ? "page" : undefined}
              className={cn(
                "flex w-full items-center gap-3 rounded-lg px-3 py-2 text-left text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-brand-500",
                active === id ? "bg-brand-50 text-brand-700" : "text-slate-600 hover:bg-slate-100 hover:text-slate-900",
              )}>
              <Icon className="h-5 w-5 shrink-0" />
              {label}
            </button>
          </div>
        ))}
      </nav>
      <div className="space-y-1 border-t border-slate-200 px-3 py-4">
        <div className="mb-1 flex items-center gap-3 rounded-lg px-3 py-2">
          <span className="flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-slate-900 text-sm font-semibold text-white" aria-hidden>{initial}</span>
          <div className="min-w-0">
            <p className="truncate text-sm font-semibold text-slate-900">{userName}</p>
            <p className="flex items-center gap-1 truncate text-xs text-slate-500"><IconChart className="h-3 w-3" /> Platform admin</p>
          </div>
        </div>
        <button type="button" onClick={onLogout}
          className="flex w-full items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium text-slate-600 hover:bg-red-50 hover:text-red-700">
          <IconLogout className="h-5 w-5" /> Logout
        </button>
      </div>
    </div>
  );
}
