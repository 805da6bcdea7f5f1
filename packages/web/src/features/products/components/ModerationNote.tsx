import { cn } from "@/components/ui/cn";
import type { Product } from "@/features/products/api/types";

/**
 * What the review means for the product, on its card: the status in words for anything not
 * approved, and the reviewer's notes whatever the status (the creator also gets them by e-mail).
 */
const MEANING: Record<Product["moderation_status"], string | null> = {
  approved: null,
  pending: "Waiting for review: buyers can't purchase it yet.",
  under_review: "Under review: buyers can't purchase it until it's approved.",
  rejected: "Rejected: buyers can't purchase it.",
};

const TONE: Record<Product["moderation_status"], string> = {
  approved: "border-slate-200 bg-slate-50 text-slate-700",
  pending: "border-amber-200 bg-amber-50 text-amber-900",
  under_review: "border-sky-200 bg-sky-50 text-sky-900",
  rejected: "border-red-200 bg-red-50 text-red-900",
};

export function ModerationNote({ product }: { product: Product }) {
  const meaning = MEANING[product.moderation_status];
  const notes = product.moderation_notes?.trim();
  if (!meaning && !notes) return null;
  return (
    <div
      role="note"
      aria-label={`Review of ${product.name}`}
      data-testid="moderation-note"
      className={cn("mt-3 rounded-xl border px-3 py-2 text-sm", TONE[product.moderation_status])}
    >
      {meaning && <p className="font-medium">{meaning}</p>}
      {notes && (
        <>
          <p className={cn("text-xs font-semibold uppercase tracking-wide opacity-80", meaning && "mt-2")}>
            Reviewer's note
          </p>
          <p className="mt-0.5 whitespace-pre-line break-words" data-testid="moderation-notes">
            {notes}
          </p>
        </>
      )}
    </div>
  );
}
