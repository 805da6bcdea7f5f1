import { buttonClasses } from "@/components/ui/Button";
import { IconAlert, IconSearch } from "@/components/ui/icons";
import { SalesHeader } from "@/components/SalesHeader";

/**
 * Not found / unavailable: a short message and a way back home. The icon is an SVG, not an
 * emoji, because machines without an emoji font showed an empty box.
 */
export function SalesMessage({
  title,
  message,
  tone = "missing",
}: {
  title: string;
  message: string;
  tone?: "missing" | "unavailable";
}) {
  const Icon = tone === "missing" ? IconSearch : IconAlert;
  return (
    <div className="min-h-screen bg-slate-50">
      <SalesHeader />
      <main className="mx-auto flex max-w-lg flex-col items-center px-6 py-24 text-center">
        <div
          className="flex h-14 w-14 items-center justify-center rounded-2xl bg-white text-brand-600 shadow-sm ring-1 ring-slate-200"
          aria-hidden
        >
          <Icon className="h-7 w-7" />
        </div>
        <h1 className="mt-6 text-2xl font-bold text-slate-900">{title}</h1>
        <p className="mt-2 text-slate-600">{message}</p>
        <a href="/" className={buttonClasses("secondary", "md", "mt-8")}>
          Back to home
        </a>
      </main>
    </div>
  );
}
