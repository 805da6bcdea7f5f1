import type { ReactNode } from "react";
import { Card } from "@/components/ui/Card";
import { Skeleton } from "@/components/ui/Skeleton";

/** One figure of a dashboard strip; `value` undefined (or `loading`) shows a placeholder. */
export interface StatFigure {
  label: string;
  icon: ReactNode;
  testId: string;
  value: ReactNode;
}

/** The strip's tones, card by card: each strip reads green, indigo, blue, amber from the left. */
const TONES = [
  "bg-emerald-50 text-emerald-600",
  "bg-brand-50 text-brand-600",
  "bg-sky-50 text-sky-600",
  "bg-amber-50 text-amber-600",
] as const;

/** A labelled strip of figures: two a row on a phone, four on a wide screen (the stats, the members). */
export function StatStrip({ label, loading, figures }: { label: string; loading?: boolean; figures: StatFigure[] }) {
  return (
    <section aria-label={label} className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
      {figures.map((f, i) => (
        <StatCard key={f.testId} {...f} tone={TONES[i % TONES.length]!} loading={loading} />
      ))}
    </section>
  );
}

export function StatCard({
  label,
  icon,
  tone,
  loading,
  testId,
  value,
}: StatFigure & { tone: string; loading?: boolean }) {
  return (
    <Card className="p-4 sm:p-5">
      <div className="flex items-start justify-between gap-2">
        <p className="text-xs font-medium uppercase tracking-wide text-slate-500 sm:text-sm sm:normal-case sm:tracking-normal">
          {label}
        </p>
        <span
          className={`hidden h-9 w-9 shrink-0 items-center justify-center rounded-lg sm:flex [&>svg]:h-5 [&>svg]:w-5 ${tone}`}
        >
          {icon}
        </span>
      </div>
      {loading || value === undefined ? (
        <Skeleton className="mt-3 h-7 w-24" />
      ) : (
        <p className="mt-1 truncate text-xl font-bold tracking-tight text-slate-900 sm:text-2xl" data-testid={testId}>
          {value}
        </p>
      )}
    </Card>
  );
}
