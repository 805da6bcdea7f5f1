import type { UseQueryResult } from "@tanstack/react-query";
import { Button } from "@/components/ui/Button";
import { Card } from "@/components/ui/Card";
import { toast } from "@/components/ui/toast";
import { formatDate } from "@/lib/format";
import { useAnswerInvitation, type Invitation } from "@/features/affiliates/api/area";

/** Open invitations to the signed-in e-mail: Accept makes them the creator's affiliate, Decline ends it. */
export function InvitationList({ q }: { q: UseQueryResult<Invitation[]> }) {
  const answer = useAnswerInvitation();
  if (!q.data?.length) return null;
  const reply = (inv: Invitation, choice: "accept" | "decline") =>
    answer.mutate(
      { id: inv.id, answer: choice },
      {
        onSuccess: () =>
          toast(
            choice === "accept"
              ? `You now promote ${inv.creator.name}. Your link is below.`
              : `You declined ${inv.creator.name}'s invitation.`,
            "success",
          ),
        onError: (err) => toast(err.message, "error"),
      },
    );
  return (
    <section aria-labelledby="invitations-heading" className="space-y-3">
      <h2 id="invitations-heading" className="text-lg font-semibold text-slate-900">
        Invitations
      </h2>
      <ul className="space-y-3" aria-label="Invitations">
        {q.data.map((inv) => (
          <li key={inv.id} data-testid="invitation">
            <Card className="flex flex-wrap items-center justify-between gap-4 border-brand-200 p-4">
              <div className="min-w-0">
                <p className="font-semibold text-slate-900">{inv.creator.name} invites you to be an affiliate</p>
                <p className="text-sm text-slate-600">
                  {inv.commission_percent}% of each sale you bring, on{" "}
                  {inv.product_ids === null
                    ? "all their products"
                    : `${inv.product_ids.length} product${inv.product_ids.length === 1 ? "" : "s"}`}
                  . Invited {formatDate(inv.created_at)}.
                </p>
              </div>
              <div className="flex gap-2">
                <Button size="sm" variant="secondary" disabled={answer.isPending} onClick={() => reply(inv, "decline")}>
                  Decline
                </Button>
                <Button size="sm" loading={answer.isPending} onClick={() => reply(inv, "accept")}>
                  Accept
                </Button>
              </div>
            </Card>
          </li>
        ))}
      </ul>
    </section>
  );
}
