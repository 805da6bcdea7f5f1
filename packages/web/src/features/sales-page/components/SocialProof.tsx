import { cn } from "@/components/ui/cn";

const plural = (n: number, one: string, many: string) => (n === 1 ? one : many);

/**
 * Buyer counts from real sales; only rendered when sales_count > 0. No star rating until real
 * buyer reviews exist (rule: Honest social proof).
 */
export function SocialProof({ count, className }: { count: number; className?: string }) {
  return (
    <div className={cn("space-y-1", className)}>
      <p className="text-sm font-semibold text-slate-900">
        {count} {plural(count, "customer", "customers")}
      </p>
      <p className="text-sm text-slate-600">
        {count} {plural(count, "person has", "people have")} already purchased this
      </p>
    </div>
  );
}

/** 'Join {n} other(s)...' under the closing call to action. */
export const joinOthers = (count: number) => `Join ${count} ${plural(count, "other", "others")}...`;
