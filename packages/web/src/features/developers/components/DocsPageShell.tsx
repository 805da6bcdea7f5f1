import type { ReactNode } from "react";
import { Link } from "react-router-dom";
import { Logo } from "@/components/Logo";
import { cn } from "@/components/ui/cn";

/** The frame of the developer docs pages: logo, a way back to the dashboard, and the page's column. */
export function DocsPageShell({ width, children }: { width: "max-w-3xl" | "max-w-6xl"; children: ReactNode }) {
  return (
    <div className="min-h-screen bg-slate-50">
      <header className="border-b border-slate-200 bg-white">
        <div className={cn("mx-auto flex h-16 items-center justify-between gap-4 px-4 sm:px-6", width)}>
          <Logo />
          <Link to="/dashboard" className="text-sm font-medium text-brand-700 hover:underline">
            Dashboard
          </Link>
        </div>
      </header>
      <main className={cn("mx-auto px-4 py-8 sm:px-6", width)}>{children}</main>
    </div>
  );
}
