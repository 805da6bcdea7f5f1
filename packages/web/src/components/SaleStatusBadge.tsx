import { Badge, type BadgeTone } from "@/components/ui/Badge";

export type SaleStatus = "completed" | "refunded" | "disputed";

const LOOK: Record<SaleStatus, { tone: BadgeTone; label: string }> = {
  completed: { tone: "success", label: "Completed" },
  refunded: { tone: "warning", label: "Refunded" },
  disputed: { tone: "danger", label: "Disputed" },
};

/** A sale's or purchase's status, the same pill everywhere (sales history, portal, admin). */
export function SaleStatusBadge({ status }: { status: SaleStatus }) {
  const look = LOOK[status] ?? LOOK.completed;
  return <Badge tone={look.tone}>{look.label}</Badge>;
}

/** Refunded and disputed purchases no longer open and leave the money totals. */
export const isRevoked = (status: SaleStatus) => status !== "completed";
