import { Card } from "@/components/ui/Card";
import { cn } from "@/components/ui/cn";

/** A labelled figure in the portal's totals rows. */
export function SummaryCard({
  label,
  value,
  note,
  testId,
  className,
}: {
  label: string;
  value: string;
  /** A short line under the figure that says what it leaves out. */
  note?: string;
  testId?: string;
  className?: string;
}) {
  return (
    <Card className={cn("p-4 sm:p-5", className)}>
      <p className="text-sm font-medium text-slate-500">{label}</p>
      <p className="mt-1 text-xl font-bold tracking-tight text-slate-900 sm:text-2xl" data-testid={testId}>
        {value}
      </p>
      {note && <p className="mt-1 text-xs text-slate-500">{note}</p>}
    </Card>
  );
}
