import type { ReactNode } from "react";
import { AppShell, ShellUser, shellLogoutClass, type ShellSection } from "@/components/AppShell";
import { IconChart, IconShield, IconUsers } from "@/components/ui/icons";
import {
  IconBox,
  IconMoney,
  IconGift,
  IconGrid,
  IconLogout,
  IconMegaphone,
  IconPie,
  IconReceipt,
  IconSettings,
  IconSliders,
  IconTrend,
} from "@/components/navIcons";

/** The admin panel sidebar, grouped: platform overview, the admin's own selling, running the platform. */
export const ADMIN_SECTIONS = [
  { id: "overview", label: "Overview", Icon: IconGrid },
  { id: "my-products", label: "My Products", Icon: IconBox, divideBefore: true },
  { id: "my-analytics", label: "My Analytics", Icon: IconTrend },
  { id: "my-settings", label: "My Settings", Icon: IconSettings },
  { id: "grant", label: "Grant Free Accounts", Icon: IconGift, divideBefore: true },
  { id: "users", label: "All Users and Their Plans", Icon: IconUsers },
  { id: "moderation", label: "Product Moderation", Icon: IconShield },
  { id: "sales", label: "All Sales", Icon: IconReceipt },
  { id: "customers", label: "Customer Analytics", Icon: IconPie },
  { id: "finance", label: "Financial Reports", Icon: IconMoney },
  { id: "system", label: "System Settings", Icon: IconSliders },
  { id: "announcements", label: "Announcements", Icon: IconMegaphone },
] as const satisfies readonly ShellSection<string>[];
export type AdminSectionId = (typeof ADMIN_SECTIONS)[number]["id"];

interface ShellProps {
  active: AdminSectionId;
  onSelect: (id: AdminSectionId) => void;
  userName: string;
  onLogout: () => void;
  children: ReactNode;
}

const AdminTag = () => (
  <span className="rounded-md bg-slate-900 px-1.5 py-0.5 text-[10px] font-bold uppercase tracking-wider text-white">
    Admin
  </span>
);

/** The admin frame: the same shell as the creator dashboard, with the admin sections and Logout. */
export function AdminShell({ active, onSelect, userName, onLogout, children }: ShellProps) {
  return (
    <AppShell<AdminSectionId>
      label="Admin"
      homeHref="/admin"
      sections={ADMIN_SECTIONS}
      active={active}
      onSelect={onSelect}
      brandTag={<AdminTag />}
      wide
      footer={
        <>
          <ShellUser
            name={userName}
            avatarClassName="bg-slate-900"
            detail={
              <>
                <IconChart className="h-3 w-3" /> Platform admin
              </>
            }
          />
          <button type="button" onClick={onLogout} className={shellLogoutClass}>
            <IconLogout className="h-5 w-5" /> Logout
          </button>
        </>
      }
    >
      {children}
    </AppShell>
  );
}
