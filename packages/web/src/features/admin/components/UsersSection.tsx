import { PAID_PLAN_IDS, PLANS } from "@payloft/core/plan/plans";
import { useState } from "react";
import { ApiError } from "@/lib/api";
import { Badge } from "@/components/ui/Badge";
import { Button } from "@/components/ui/Button";
import { Card } from "@/components/ui/Card";
import { confirmDialog } from "@/components/ui/ConfirmDialog";
import { Skeleton } from "@/components/ui/Skeleton";
import { cn } from "@/components/ui/cn";
import { toast } from "@/components/ui/toast";
import { LoadMore } from "@/components/LoadMore";
import { useAdminUsers } from "@/features/admin/api/users";
import { useUserAction, type UserAction } from "@/features/admin/api/userActions";
import type { AdminUser, PlanChoice } from "@/features/admin/api/types";
import { formatByCurrency, formatCount, formatDate, planName } from "@/features/admin/lib/format";
import { useDebounced } from "@/features/admin/lib/useDebounced";
import { DeleteUserDialog } from "./DeleteUserDialog";
import { SearchBox } from "./SearchBox";
import { SectionHeader } from "./SectionHeader";

const DEACTIVATE_CONFIRM =
  "Are you sure you want to deactivate this user? This will disable their access and deactivate all their products.";

/** All Users and Their Plans (rule: Deactivation). */
export function UsersSection({ selfId }: { selfId: string }) {
  const [search, setSearch] = useState("");
  const q = useDebounced(search.trim());
  const users = useAdminUsers(q);
  const action = useUserAction();
  const [deleting, setDeleting] = useState<AdminUser | null>(null);
  const rows = users.data?.pages.flatMap((p) => p.users) ?? [];

  const run = async (a: UserAction) => {
    try {
      await action.mutateAsync(a);
      return true;
    } catch (err) {
      console.error("admin user update failed", err);
      // The server's refusals say what to fix ("You cannot deactivate your own account.", a
      // lifetime member's plan, the payment provider failing to stop a subscription).
      if (err instanceof ApiError && [400, 409, 502].includes(err.status)) toast(err.message, "error");
      return false;
    }
  };

  const deactivate = async (u: AdminUser) => {
    if (
      await confirmDialog({
        title: "Deactivate user?",
        message: DEACTIVATE_CONFIRM,
        confirmLabel: "Deactivate",
        tone: "danger",
      })
    ) {
      await run({ kind: "deactivate", id: u.id });
    }
  };

  const remove = async () => {
    if (!deleting) return;
    try {
      await action.mutateAsync({ kind: "delete", id: deleting.id });
      toast(`${deleting.email} was deleted.`, "success");
      setDeleting(null);
    } catch (err) {
      toast(err instanceof ApiError && err.message ? err.message : "Failed to delete user", "error");
    }
  };

  return (
    <div className="space-y-6">
      <SectionHeader
        title="All Users and Their Plans"
        description="Change plans, grant or remove admin access, deactivate or delete accounts."
        action={
          <SearchBox value={search} onChange={setSearch} label="Search users" placeholder="Search by e-mail or name" />
        }
      />
      <Card className="overflow-hidden">
        {users.isPending ? (
          <div className="space-y-3 p-5">
            {Array.from({ length: 4 }, (_, i) => (
              <Skeleton key={i} className="h-10 w-full" />
            ))}
          </div>
        ) : rows.length === 0 ? (
          <p className="p-8 text-center text-sm text-slate-500">{q ? `No users match "${q}".` : "No users yet."}</p>
        ) : (
          <ul className="divide-y divide-slate-100">
            {rows.map((u) => {
              const self = u.id === selfId;
              const busy = action.isPending && action.variables?.id === u.id;
              const paidPlan = (PAID_PLAN_IDS as readonly string[]).includes(u.plan ?? "");
              return (
                <li
                  key={u.id}
                  data-testid={`user-row-${u.email}`}
                  className={cn(
                    "flex flex-col gap-3 px-4 py-4 sm:px-5 lg:flex-row lg:items-center lg:justify-between",
                    u.deactivated && "bg-slate-50/80",
                  )}
                >
                  <div className="min-w-0">
                    <div className="flex flex-wrap items-center gap-1.5">
                      <p className="truncate font-semibold text-slate-900">{u.name || u.email.split("@")[0]}</p>
                      {self && <span className="text-xs text-slate-400">(you)</span>}
                      {u.is_admin ? (
                        <Badge tone="brand">Admin</Badge>
                      ) : (
                        <Badge>
                          {u.role === "customer" ? "Customer" : u.role === "creator" ? "Creator" : "No role"}
                        </Badge>
                      )}
                      {u.deactivated ? <Badge tone="danger">Deactivated</Badge> : <Badge tone="success">Active</Badge>}
                      {u.pending_first_sign_in && (
                        <Badge tone="info" title="Granted by an admin; has not signed in yet">
                          Invited
                        </Badge>
                      )}
                    </div>
                    <p className="truncate text-sm text-slate-500">{u.email}</p>
                    <p className="mt-0.5 text-xs text-slate-400">
                      Joined {formatDate(u.created_at)} · {formatCount(u.total_products)}{" "}
                      {u.total_products === 1 ? "product" : "products"} ·{" "}
                      {formatByCurrency(u.revenue_by_currency, u.total_revenue).join(" · ")} revenue
                    </p>
                  </div>
                  <div className="flex flex-wrap items-center gap-2 lg:shrink-0 lg:justify-end">
                    <select
                      aria-label={`Plan of ${u.email}`}
                      value={paidPlan ? u.plan : ""}
                      disabled={busy}
                      onChange={(e) => run({ kind: "plan", id: u.id, plan: e.target.value as PlanChoice })}
                      className="h-8 rounded-lg border border-slate-300 bg-white px-2 text-sm font-medium text-slate-800 shadow-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/20"
                    >
                      {!paidPlan && (
                        <option value="" disabled>
                          {planName(u.plan)}
                        </option>
                      )}
                      {PAID_PLAN_IDS.map((id) => (
                        <option key={id} value={id}>
                          {PLANS[id].name}
                        </option>
                      ))}
                    </select>
                    <Button
                      size="sm"
                      variant="secondary"
                      disabled={busy || (self && u.is_admin)}
                      title={self ? "You cannot remove your own admin access" : undefined}
                      onClick={() => run({ kind: "admin", id: u.id, is_admin: !u.is_admin })}
                    >
                      {u.is_admin ? "Remove Admin" : "Make Admin"}
                    </Button>
                    {u.deactivated ? (
                      <Button
                        size="sm"
                        variant="secondary"
                        disabled={busy}
                        onClick={() => run({ kind: "reactivate", id: u.id })}
                      >
                        Reactivate
                      </Button>
                    ) : (
                      <Button size="sm" variant="secondary" disabled={busy || self} onClick={() => deactivate(u)}>
                        Deactivate
                      </Button>
                    )}
                    <Button
                      size="sm"
                      variant="ghost"
                      className="text-red-600! hover:bg-red-50!"
                      disabled={busy || self}
                      onClick={() => setDeleting(u)}
                    >
                      Delete
                    </Button>
                  </div>
                </li>
              );
            })}
          </ul>
        )}
        <LoadMore
          hasMore={!!users.hasNextPage}
          loading={users.isFetchingNextPage}
          onClick={() => users.fetchNextPage()}
        />
      </Card>
      <DeleteUserDialog user={deleting} busy={action.isPending} onCancel={() => setDeleting(null)} onConfirm={remove} />
    </div>
  );
}
