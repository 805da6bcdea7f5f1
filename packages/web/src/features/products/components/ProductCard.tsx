import { useState } from "react";
import { Badge } from "@/components/ui/Badge";
import { Button } from "@/components/ui/Button";
import { IconLink } from "@/components/ui/icons";
import { confirmDialog } from "@/components/ui/ConfirmDialog";
import { toast } from "@/components/ui/toast";
import { formatCents } from "@/lib/money";
import { membershipFrom } from "@/lib/membership";
import { useDeleteProduct } from "@/features/products/api/useDeleteProduct";
import { useSetProductActive } from "@/features/products/api/useSetProductActive";
import type { Product } from "@/features/products/api/types";
import { ModerationNote } from "./ModerationNote";
import { salesPageUrl } from "./productUrl";
import { EmbedSnippetDialog } from "./EmbedSnippetDialog";
import { ProductDialog } from "./ProductDialog";

const DELETE_CONFIRM = "Are you sure you want to delete this product? This action cannot be undone.";
/** A membership's delete cancels its members (the API's cancel_memberships=true): the dialog says so. */
const DELETE_MEMBERSHIP =
  "It is a membership: deleting it cancels every member's membership at the end of the period they paid for. They keep access until then and are not charged again.";

const MODERATION: Record<Product["moderation_status"], { label: string; tone: "warning" | "info" | "danger" } | null> =
  {
    approved: null,
    pending: { label: "Pending review", tone: "warning" },
    under_review: { label: "Under review", tone: "info" },
    rejected: { label: "Rejected", tone: "danger" },
  };

const IconExternal = ({ className }: { className?: string }) => (
  <svg
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth="1.8"
    strokeLinecap="round"
    strokeLinejoin="round"
    aria-hidden
    className={className}
  >
    <path d="M14 4h6v6M20 4l-9 9M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5" />
  </svg>
);
const IconTrash = ({ className }: { className?: string }) => (
  <svg
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth="1.8"
    strokeLinecap="round"
    strokeLinejoin="round"
    aria-hidden
    className={className}
  >
    <path d="M4 7h16M10 11v6M14 11v6M6 7l1 12a1 1 0 0 0 1 1h8a1 1 0 0 0 1-1l1-12M9 7V4h6v3" />
  </svg>
);

function Thumbnail({ product }: { product: Product }) {
  if (product.media_type === "image" && product.media_url) {
    return <img src={product.media_url} alt="" loading="lazy" className="h-full w-full object-cover" />;
  }
  return (
    // Padded at the top, so the badges above it (two rows on a narrow card) never cover the name.
    <div className="flex h-full w-full items-center justify-center bg-gradient-to-br from-brand-500 to-brand-700 px-4 pb-2 pt-12 text-center">
      <span className="line-clamp-2 text-lg font-bold text-white/95">{product.name}</span>
    </div>
  );
}

/** One product of the grid: status, figures and the owner's actions. */
export function ProductCard({ product }: { product: Product }) {
  const setActive = useSetProductActive();
  const remove = useDeleteProduct();
  const moderation = MODERATION[product.moderation_status];
  const [embedding, setEmbedding] = useState(false);
  const [editing, setEditing] = useState(false);
  // A free product is claimed, not sold: its card counts claims, and its revenue is "Free".
  const free = product.price === 0 && !product.pay_what_you_want && product.billing !== "recurring";

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(salesPageUrl(product.id));
      toast("Sales page URL copied to clipboard!", "success");
    } catch (err) {
      console.error("Failed to copy the sales page URL", err); // spec: copy failures are only logged
    }
  };

  const onDelete = async () => {
    const membership = product.billing === "recurring";
    const ok = await confirmDialog({
      title: "Delete product?",
      message: membership ? `${DELETE_CONFIRM} ${DELETE_MEMBERSHIP}` : DELETE_CONFIRM,
      confirmLabel: membership ? "Delete and cancel members" : "Delete",
      tone: "danger",
    });
    if (!ok) return;
    remove.mutate(
      { id: product.id, cancelMemberships: membership },
      {
        onError: (err) => {
          console.error("Failed to delete product", err);
          // A membership's delete can fail at the provider; say so (the request can simply be made again).
          if (membership) toast(err instanceof Error ? err.message : "Failed to delete the product.", "error");
        },
      },
    );
  };

  return (
    <article
      className="flex flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm transition-shadow hover:shadow-md"
      data-testid="product-card"
    >
      <div className="relative aspect-[16/9] bg-slate-100">
        <Thumbnail product={product} />
        {/* One row: the badges wrap beside the icons instead of running under them. */}
        <div className="absolute inset-x-3 top-3 flex items-start justify-between gap-2">
          <div className="flex min-w-0 flex-wrap gap-1.5" data-testid="product-badges">
            {/* One state: a product not approved cannot sell, whether it is switched on or not. */}
            {moderation ? (
              <Badge tone={moderation.tone}>{moderation.label}</Badge>
            ) : (
              <Badge tone={product.is_active ? "success" : "neutral"}>
                {product.is_active ? "Active" : "Inactive"}
              </Badge>
            )}
            {product.pay_what_you_want && <Badge tone="brand">Pay what you want</Badge>}
          </div>
          <div className="flex shrink-0 gap-1.5">
            <a
              href={`/product/${product.id}`}
              target="_blank"
              rel="noopener noreferrer"
              title="View sales page"
              aria-label={`View the sales page of ${product.name}`}
              className="inline-flex h-8 w-8 items-center justify-center rounded-full bg-white/95 text-slate-600 shadow-sm hover:bg-white hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-500"
            >
              <IconExternal className="h-4 w-4" />
            </a>
            <button
              type="button"
              title="Delete product"
              aria-label={`Delete ${product.name}`}
              onClick={onDelete}
              disabled={remove.isPending}
              className="inline-flex h-8 w-8 items-center justify-center rounded-full bg-white/95 text-slate-600 shadow-sm hover:bg-white hover:text-red-600 focus-visible:outline-2 focus-visible:outline-red-500 disabled:opacity-50"
            >
              <IconTrash className="h-4 w-4" />
            </button>
          </div>
        </div>
      </div>
      <div className="flex flex-1 flex-col p-4">
        <div className="flex items-start justify-between gap-3">
          <h3 className="min-w-0 flex-1 truncate text-base font-semibold text-slate-900" title={product.name}>
            {product.name}
          </h3>
          <span className="shrink-0 text-base font-bold text-slate-900">
            {product.billing === "recurring"
              ? membershipFrom(product.tiers, product.currency)
              : free
                ? "Free"
                : formatCents(product.price, product.currency)}
            {product.pay_what_you_want && "+"}
          </span>
        </div>
        {product.headline && <p className="mt-1 line-clamp-2 text-sm text-slate-500">{product.headline}</p>}
        <ModerationNote product={product} />
        <dl className="mb-4 mt-4 grid grid-cols-2 gap-3 rounded-xl bg-slate-50 px-3 py-2.5 text-sm">
          <div>
            <dt className="text-xs text-slate-500">{free ? "Claims" : "Sales"}</dt>
            <dd className="font-semibold text-slate-900" data-testid="product-sales">
              {product.sales_count}
            </dd>
          </div>
          <div>
            <dt className="text-xs text-slate-500">Revenue</dt>
            <dd className="font-semibold text-slate-900" data-testid="product-revenue">
              {free && product.total_revenue === 0 ? "Free" : formatCents(product.total_revenue, product.currency)}
            </dd>
          </div>
        </dl>
        {/* Two by two: four buttons in a row left "Embed" alone on a second line on a phone. */}
        <div className="mt-auto grid grid-cols-2 gap-2 border-t border-slate-100 pt-4">
          <Button size="sm" variant="secondary" onClick={() => setEditing(true)} aria-label={`Edit ${product.name}`}>
            Edit
          </Button>
          <Button
            size="sm"
            variant={product.is_active ? "secondary" : "primary"}
            loading={setActive.isPending}
            onClick={() =>
              setActive.mutate(
                { id: product.id, is_active: !product.is_active },
                { onError: (err) => console.error("Failed to update product", err) },
              )
            }
          >
            {product.is_active ? "Deactivate" : "Activate"}
          </Button>
          <Button size="sm" variant="ghost" leftIcon={<IconLink className="h-4 w-4" />} onClick={copy}>
            Copy URL
          </Button>
          <Button size="sm" variant="ghost" onClick={() => setEmbedding(true)} aria-label={`Embed ${product.name}`}>
            Embed
          </Button>
        </div>
        <EmbedSnippetDialog product={product} open={embedding} onClose={() => setEmbedding(false)} />
        {/* Mounted only while open, so each opening starts from the product as it is now. */}
        {editing && <ProductDialog open product={product} onClose={() => setEditing(false)} />}
      </div>
    </article>
  );
}
