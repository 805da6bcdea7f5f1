import { IconStar } from "@/components/ui/icons";
import { cn } from "@/components/ui/cn";

const plural = (n: number, one: string, many: string) => (n === 1 ? one : many);

/** Fixed 5/5 rating plus buyer counts; only rendered when sales_count > 0. */
export function SocialProof({ count, className }: { count: number; className?: string }) {
  return (
    <div className={cn("space-y-1.5", className)}>
      <div className="flex items-center gap-2">
        <span className="flex text-amber-400" aria-hidden>
          {Array.from({ length: 5 }, (_, i) => (
            <IconStar key={i} className="h-4 w-4" />
          ))}
        </span>
        <span className="text-sm font-semibold text-slate-900">Rated 5/5</span>
        <span className="text-sm text-slate-500">
          · {count} {plural(count, "customer", "customers")}
        </span>
      </div>
      <p className="text-sm text-slate-600">
        {count} {plural(count, "person has", "people have")} already purchased this
      </p>
    </div>
  );
}

/** 'Join {n} other(s)...' under the closing call to action. */
export const joinOthers = (count: number) => `Join ${count} ${plural(count, "other", "others")}...`;
