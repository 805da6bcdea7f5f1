import { useId } from "react";
import { cn } from "./ui/cn";

// No router in here: the buyer's sales page (its own light entry) shows the logo too.

/** The Payloft mark: a rising "loft" arrow in a rounded square. */
export function LogoMark({ className }: { className?: string }) {
  // SVG ids are document-global: a fixed id lets a hidden copy (e.g. in a closed mobile menu)
  // own the gradient and blank every visible mark, so each instance gets its own id.
  const gradientId = `payloft-mark-${useId().replace(/[^A-Za-z0-9_-]/g, "")}`;
  return (
    <svg viewBox="0 0 32 32" aria-hidden className={cn("h-8 w-8", className)}>
      <defs>
        <linearGradient id={gradientId} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#6366f1" />
          <stop offset="1" stopColor="#4338ca" />
        </linearGradient>
      </defs>
      <rect width="32" height="32" rx="9" fill={`url(#${gradientId})`} />
      <path
        d="M9 21.5 15 15.5l3.5 3.5L23.5 13"
        fill="none"
        stroke="#fff"
        strokeWidth="2.6"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <path d="M19 12.5h5v5" fill="none" stroke="#fff" strokeWidth="2.6" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

/** Mark + wordmark, not a link. */
export function LogoWordmark({ className, tone = "dark" }: { className?: string; tone?: "dark" | "light" }) {
  return (
    <span className={cn("inline-flex items-center gap-2", className)}>
      <LogoMark />
      <span className={cn("text-lg font-bold tracking-tight", tone === "light" ? "text-white" : "text-slate-900")}>
        Payloft
      </span>
    </span>
  );
}
