import { Card } from "../../../components/ui/Card";

/** A labelled figure in the portal's totals rows. */
export function SummaryCard({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <Card className="p-4 sm:p-5">
      <p className="text-sm font-medium text-slate-500">{label}</p>
      <p className="mt-1 text-2xl font-bold tracking-tight text-slate-900" data-testid={testId}>{value}</p>
    </Card>
  );
}
