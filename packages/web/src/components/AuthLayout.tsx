import type { ReactNode } from "react";
import { Link } from "react-router-dom";
import { Logo } from "@/components/Logo";
import { cn } from "@/components/ui/cn";

/**
 * The frame of the sign-in screens: logo bar, a soft brand backdrop and one centred column.
 * `wide` fits two-choice layouts (role selection); `"xl"` fits the plan cards of onboarding.
 */
export function AuthLayout({
  children,
  wide,
  aside,
}: {
  children: ReactNode;
  wide?: boolean | "xl";
  aside?: ReactNode;
}) {
  return (
    <div className="flex min-h-screen flex-col bg-gradient-to-b from-brand-50 via-white to-white">
      <header className="mx-auto flex w-full max-w-6xl items-center justify-between px-4 py-5 sm:px-6">
        <Logo />
        {aside}
      </header>
      <main
        className={cn(
          "mx-auto flex w-full flex-1 flex-col justify-center px-4 pb-16 sm:px-6",
          wide === "xl" ? "max-w-6xl" : wide ? "max-w-3xl" : "max-w-md",
        )}
      >
        {children}
      </main>
      <footer className="px-4 pb-6 text-center text-xs text-slate-400">
        © {new Date().getFullYear()} Payloft ·{" "}
        <Link to="/" className="hover:text-slate-600">
          Home
        </Link>
      </footer>
    </div>
  );
}

/** The white card most sign-in screens sit in. */
export function AuthCard({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <div className={cn("rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8", className)}>{children}</div>
  );
}

/** Google's four-colour "G", for the Continue with Google button. */
export function GoogleMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 48 48" aria-hidden className={cn("h-5 w-5", className)}>
      <path
        fill="#EA4335"
        d="M24 9.5c3.5 0 6.6 1.2 9 3.6l6.7-6.7C35.6 2.4 30.2 0 24 0 14.6 0 6.6 5.4 2.7 13.2l7.8 6.1C12.4 13.6 17.7 9.5 24 9.5z"
      />
      <path
        fill="#4285F4"
        d="M46.1 24.5c0-1.6-.1-3.1-.4-4.5H24v9h12.4c-.5 2.9-2.2 5.3-4.6 6.9l7.5 5.8c4.4-4 6.8-10 6.8-17.2z"
      />
      <path
        fill="#FBBC05"
        d="M10.5 28.7A14.5 14.5 0 0 1 9.5 24c0-1.6.3-3.2.8-4.7l-7.8-6.1A24 24 0 0 0 0 24c0 3.9.9 7.5 2.6 10.8l7.9-6.1z"
      />
      <path
        fill="#34A853"
        d="M24 48c6.5 0 11.9-2.1 15.9-5.8l-7.5-5.8c-2.1 1.4-4.8 2.3-8.4 2.3-6.3 0-11.6-4.2-13.5-9.9l-7.9 6.1C6.6 42.6 14.6 48 24 48z"
      />
    </svg>
  );
}
