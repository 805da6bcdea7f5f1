import type { ReactNode } from "react";
import { Logo } from "./Logo";

/**
 * The frame of full-page messages (not found, route errors, placeholders): logo on top,
 * an icon badge, a title, a line of text and actions, centred on a soft background.
 */
export function CenteredMessage({
  icon,
  eyebrow,
  title,
  children,
  actions,
}: {
  icon?: ReactNode;
  eyebrow?: ReactNode;
  title: ReactNode;
  children?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <div className="flex min-h-screen flex-col bg-gradient-to-b from-brand-50/70 to-white">
      <header className="mx-auto w-full max-w-6xl px-4 py-5 sm:px-6">
        <Logo />
      </header>
      <main className="mx-auto flex w-full max-w-lg flex-1 flex-col items-center justify-center px-6 pb-24 text-center">
        {icon && (
          <div className="mb-6 flex h-14 w-14 items-center justify-center rounded-2xl bg-white text-brand-600 shadow-sm ring-1 ring-slate-200 [&>svg]:h-7 [&>svg]:w-7">
            {icon}
          </div>
        )}
        {eyebrow && <p className="text-sm font-semibold uppercase tracking-wider text-brand-600">{eyebrow}</p>}
        <h1 className="mt-2 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{title}</h1>
        {children && <div className="mt-3 text-base leading-relaxed text-slate-600">{children}</div>}
        {actions && <div className="mt-8 flex flex-col gap-3 sm:flex-row">{actions}</div>}
      </main>
    </div>
  );
}
