import { useState } from "react";
import { Button } from "@/components/ui/Button";
import { Card } from "@/components/ui/Card";
import { confirmDialog } from "@/components/ui/ConfirmDialog";
import { EmptyState } from "@/components/ui/EmptyState";
import { Select } from "@/components/ui/Select";
import { SkeletonText } from "@/components/ui/Skeleton";
import { Table, TBody, TD, TH, THead, TR } from "@/components/ui/Table";
import { IconUsers } from "@/components/ui/icons";
import { toast } from "@/components/ui/toast";
import { PhoneRecordList } from "@/components/PhoneRecordList";
import { MembershipStatusBadge, membershipPrice, membershipTimeline } from "@/components/MembershipStatus";
import { ApiError } from "@/lib/api";
import { formatDate } from "@/lib/format";
import { useProducts } from "@/features/products";
import { useCancelMember, useMembers, type Member } from "@/features/dashboard/api/members";
import { MembersStats } from "./MembersStats";

const STATUSES = [
  { value: "", label: "All statuses" },
  { value: "trialing", label: "Free trial" },
  { value: "active", label: "Active" },
  { value: "past_due", label: "Payment failed" },
  { value: "canceled", label: "Canceled" },
  { value: "ended", label: "Ended" },
];

/** The tier filter's options: every tier of the creator's memberships, by id (what the API filters on). */
function useTierOptions() {
  const products = useProducts();
  const tiers = new Map<string, string>();
  for (const p of products.data ?? [])
    for (const t of p.billing === "recurring" ? p.tiers : []) if (!tiers.has(t.id)) tiers.set(t.id, t.name);
  return [{ value: "", label: "All tiers" }, ...[...tiers].map(([value, label]) => ({ value, label }))];
}

/** Members: everyone subscribed to the creator's memberships, filtered by status and tier, with Cancel. */
export function MembersSection() {
  const [filter, setFilter] = useState({ status: "", tier: "" });
  const members = useMembers(filter);
  const cancel = useCancelMember();
  const tierOptions = useTierOptions();
  const list = members.data?.pages.flatMap((p) => p.memberships) ?? [];

  const cancelButton = (m: Member) =>
    m.status === "ended" || m.cancel_at_period_end || m.status === "canceled" ? null : (
      <Button
        size="sm"
        variant="secondary"
        loading={cancel.isPending && cancel.variables?.id === m.id}
        aria-label={`Cancel ${m.customer_email}'s membership`}
        onClick={async () => {
          const sure = await confirmDialog({
            title: `Cancel ${m.customer_email}'s membership?`,
            message: `It will not renew: they keep access until ${formatDate(m.current_period_end)}, what they paid for.`,
            confirmLabel: "Cancel membership",
            cancelLabel: "Keep it",
            tone: "danger",
          });
          if (!sure) return;
          cancel.mutate(
            { id: m.id, atPeriodEnd: true },
            {
              onSuccess: () => toast("The membership ends at the end of its period.", "success"),
              onError: (err) => toast(err instanceof ApiError ? err.message : "Please try again.", "error"),
            },
          );
        }}
      >
        Cancel
      </Button>
    );

  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">Members</h1>
        <p className="mt-1 text-sm text-slate-500">Everyone subscribed to your memberships.</p>
      </div>
      <MembersStats />
      <div className="flex flex-wrap gap-3">
        <Select
          aria-label="Status"
          className="w-44"
          value={filter.status}
          onChange={(e) => setFilter({ ...filter, status: e.target.value })}
          options={STATUSES}
        />
        <Select
          aria-label="Tier"
          className="w-44"
          value={filter.tier}
          onChange={(e) => setFilter({ ...filter, tier: e.target.value })}
          options={tierOptions}
        />
      </div>
      {members.isPending ? (
        <Card className="p-6">
          <SkeletonText lines={4} />
        </Card>
      ) : members.isError ? (
        <Card className="p-6 text-sm text-red-700" role="alert">
          {members.error instanceof ApiError ? members.error.message : "The members could not be loaded."}
        </Card>
      ) : !list.length ? (
        <EmptyState
          icon={<IconUsers />}
          title={filter.status || filter.tier ? "No members match" : "No members yet"}
          description={
            filter.status || filter.tier
              ? "Try another status or tier."
              : "When someone subscribes to one of your memberships, they appear here."
          }
        />
      ) : (
        <Card className="overflow-hidden">
          <PhoneRecordList
            label="Members"
            records={list.map((m) => ({
              id: m.id,
              // The e-mail as the detail line, which wraps anywhere (an address is one long word).
              title: `${m.product_name} · ${m.tier_name}`,
              detail: m.customer_email,
              amount: membershipPrice(m),
              date: membershipTimeline(m),
              status: <MembershipStatusBadge status={m.status} />,
              action: cancelButton(m),
            }))}
          />
          <div className="hidden sm:block">
            <Table caption="Members" fit stickyActions>
              <THead>
                <TR>
                  <TH>Member</TH>
                  <TH>Membership</TH>
                  <TH>Status</TH>
                  <TH>Next</TH>
                  <TH>
                    <span className="sr-only">Actions</span>
                  </TH>
                </TR>
              </THead>
              <TBody>
                {list.map((m) => (
                  <TR key={m.id}>
                    <TD className="font-medium text-slate-900">{m.customer_email}</TD>
                    <TD>
                      {m.product_name} · {m.tier_name}
                      <span className="block text-slate-500">{membershipPrice(m)}</span>
                    </TD>
                    <TD>
                      <MembershipStatusBadge status={m.status} />
                    </TD>
                    <TD className="text-slate-600">{membershipTimeline(m)}</TD>
                    <TD>{cancelButton(m)}</TD>
                  </TR>
                ))}
              </TBody>
            </Table>
          </div>
          {members.hasNextPage && (
            <div className="border-t border-slate-100 p-3 text-center">
              <Button variant="ghost" loading={members.isFetchingNextPage} onClick={() => members.fetchNextPage()}>
                Load more
              </Button>
            </div>
          )}
        </Card>
      )}
    </div>
  );
}
