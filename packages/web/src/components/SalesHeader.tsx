import { LogoWordmark } from "@/components/LogoMark";
import type { ReactNode } from "react";
import { IconBolt, IconLock } from "@/components/ui/icons";

/**
 * Brand header with the 'Secure' and 'Instant Access' badges. A seller with custom branding
 * (Pro and up) shows their own logo in place of Payloft's.
 */
export function SalesHeader({
  logoUrl,
  sellerName,
  children,
}: {
  logoUrl?: string | null;
  sellerName?: string;
  /** At the end of the header (the sales page's cart button). */
  children?: ReactNode;
}) {
  return (
    <header className="sticky top-0 z-20 border-b border-slate-200/80 bg-white/90 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-3 px-4 sm:px-6">
        {logoUrl ? (
          <img
            src={logoUrl}
            alt={sellerName ? `${sellerName} logo` : "Seller logo"}
            className="h-9 max-w-40 rounded-lg object-contain"
          />
        ) : (
          <a
            href="/"
            aria-label="Payloft home"
            className="rounded-lg focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-brand-500"
          >
            <LogoWordmark />
          </a>
        )}
        {/* On a narrow phone the cart button takes the second badge's place. */}
        <div className="group/badges flex items-center gap-2 text-xs font-semibold">
          <span className="inline-flex items-center gap-1 rounded-full bg-emerald-50 px-2.5 py-1 text-emerald-700 ring-1 ring-inset ring-emerald-200">
            <IconLock className="h-3.5 w-3.5" /> Secure
          </span>
          <span className="inline-flex items-center gap-1 rounded-full bg-brand-50 px-2.5 py-1 text-brand-700 ring-1 ring-inset ring-brand-100 max-[399px]:group-has-[[data-cart]]/badges:hidden">
            <IconBolt className="h-3.5 w-3.5" /> Instant Access
          </span>
          {children}
        </div>
      </div>
    </header>
  );
}
