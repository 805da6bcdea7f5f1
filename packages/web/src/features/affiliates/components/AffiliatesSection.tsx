import { useState } from "react";
import { hasFeature } from "@payloft/core/plan/features";
import { Button } from "@/components/ui/Button";
import { Card } from "@/components/ui/Card";
import { EmptyState } from "@/components/ui/EmptyState";
import { IconPlus, IconUsers } from "@/components/ui/icons";
import { SkeletonText } from "@/components/ui/Skeleton";
import { UpgradeCard } from "@/features/plans";
import { useProducts } from "@/features/products";
import type { Profile } from "@/lib/profile";
import { useAffiliates } from "@/features/affiliates/api/affiliates";
import { AffiliateCard } from "./AffiliateCard";
import { AttributionWindow } from "./AttributionWindow";
import { InviteAffiliateDialog } from "./InviteAffiliateDialog";
import { PayoutsDue } from "./PayoutsDue";

/**
 * Dashboard → Affiliates (Pro and Business, rule: Features by plan): invite people, see each
 * one's sales, earnings and balance due, pause, resume or remove them, set the attribution
 * window, and pay what is due (the PayPal bulk file and "Mark as paid"). A creator who moved
 * to a smaller plan still sees their affiliates and can settle what they owe.
 */
export function AffiliatesSection({ profile }: { profile: Profile }) {
  const entitled = hasFeature(profile, "affiliates");
  const q = useAffiliates();
  const products = useProducts();
  const [inviting, setInviting] = useState(false);
  const names = new Map((products.data ?? []).map((p) => [p.id, p.name]));
  const productsLabel = (ids: string[] | null) =>
    ids === null ? "All products" : ids.map((id) => names.get(id) ?? "Deleted product").join(", ");

  return (
    <section aria-labelledby="affiliates-heading" className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 id="affiliates-heading" className="text-2xl font-bold tracking-tight text-slate-900">
            Affiliates
          </h1>
          <p className="mt-1 text-sm text-slate-500">
            People who promote your products for a share of each sale. You pay them from your own PayPal.
          </p>
        </div>
        {entitled && (
          <Button leftIcon={<IconPlus className="h-4 w-4" />} onClick={() => setInviting(true)}>
            Invite affiliate
          </Button>
        )}
      </div>

      {!entitled && (
        <UpgradeCard
          feature="affiliates"
          description="Invite people to promote your products with their own link, and pay them their commission with one file."
        />
      )}

      {q.isPending ? (
        <Card className="p-6">
          <SkeletonText lines={4} />
        </Card>
      ) : q.isError ? (
        <Card className="p-6 text-sm text-slate-500">Your affiliates could not be loaded. Please try again.</Card>
      ) : q.data.length === 0 ? (
        entitled && (
          <EmptyState
            icon={<IconUsers />}
            title="No affiliates yet"
            description="Invite a blogger, a newsletter writer or a happy customer to share your products."
            action={<Button onClick={() => setInviting(true)}>Invite your first affiliate</Button>}
          />
        )
      ) : (
        <ul className="grid gap-4 lg:grid-cols-2" aria-label="Affiliates">
          {q.data.map((a) => (
            <AffiliateCard key={a.id} affiliate={a} products={productsLabel(a.product_ids)} entitled={entitled} />
          ))}
        </ul>
      )}

      <PayoutsDue />
      {entitled && <AttributionWindow />}
      {inviting && <InviteAffiliateDialog onClose={() => setInviting(false)} />}
    </section>
  );
}
