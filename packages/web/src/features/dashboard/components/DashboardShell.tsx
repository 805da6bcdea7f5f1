import type { ReactNode } from "react";
import { AppShell, ShellUser, shellLinkClass, shellLogoutClass, type ShellSection } from "@/components/AppShell";
import { IconChart, IconLink, IconRefresh, IconStore, IconUsers } from "@/components/ui/icons";
import { IconBox, IconHelp, IconLogout, IconSettings, IconTag } from "@/components/navIcons";
import { AffiliateAreaLink } from "@/features/affiliates";

export type SectionId =
  "products" | "analytics" | "customers" | "members" | "discounts" | "affiliates" | "store" | "settings";

export const SECTIONS: ShellSection<SectionId>[] = [
  { id: "products", label: "Products", Icon: IconBox },
  { id: "analytics", label: "Analytics", Icon: IconChart },
  { id: "customers", label: "Customers", Icon: IconUsers },
  { id: "members", label: "Members", Icon: IconRefresh },
  { id: "discounts", label: "Discounts", Icon: IconTag },
  { id: "affiliates", label: "Affiliates", Icon: IconLink },
  { id: "store", label: "Storefront", Icon: IconStore },
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

/** The creator dashboard frame: name and '{plan} Plan', Help & Support, Log Out. */
export function DashboardShell({ active, onSelect, userName, planName, supportHref, onLogout, children }: ShellProps) {
  return (
    <AppShell
      label="Dashboard"
      homeHref="/dashboard"
      sections={SECTIONS}
      active={active}
      onSelect={onSelect}
      footer={
        <>
          <ShellUser
            name={userName}
            detail={`${planName} Plan`}
            nameTestId="sidebar-name"
            detailTestId="sidebar-plan"
          />
          <AffiliateAreaLink className={shellLinkClass} />
          <a href={supportHref} className={shellLinkClass}>
            <IconHelp className="h-5 w-5" /> Help &amp; Support
          </a>
          <button type="button" onClick={onLogout} className={shellLogoutClass}>
            <IconLogout className="h-5 w-5" /> Log Out
          </button>
        </>
      }
    >
      {children}
    </AppShell>
  );
}
