import { useEffect, useState } from "react";
import { ApiError } from "@/lib/api";
import { Button } from "@/components/ui/Button";
import { Dialog } from "@/components/ui/Dialog";
import { Field } from "@/components/ui/Field";
import { Select } from "@/components/ui/Select";
import { Textarea } from "@/components/ui/Textarea";
import { toast } from "@/components/ui/toast";
import { useModerateProduct } from "@/features/admin/api/moderate";
import type { AdminProduct, ModerationStatus } from "@/features/admin/api/types";
import { formatMoney, STATUS_LABELS } from "@/features/admin/lib/format";

/** The review dialog: any status from any status, with optional notes. */
export function ReviewDialog({ product, onClose }: { product: AdminProduct | null; onClose: () => void }) {
  const moderate = useModerateProduct();
  const [status, setStatus] = useState<ModerationStatus>("approved");
  const [notes, setNotes] = useState("");
  useEffect(() => {
    if (!product) return;
    setStatus(product.moderation_status);
    setNotes(product.moderation_notes);
  }, [product]);

  const save = async () => {
    if (!product) return;
    try {
      await moderate.mutateAsync({ id: product.id, status, notes });
      toast(`"${product.name}" is now ${STATUS_LABELS[status].toLowerCase()}.`, "success");
      onClose();
    } catch (err) {
      console.error("moderation failed", err);
      if (err instanceof ApiError && err.status === 400) toast(err.message, "error");
    }
  };

  return (
    <Dialog
      open={!!product}
      onClose={onClose}
      dismissible={!moderate.isPending}
      title="Review product"
      description={
        product
          ? `${product.name} · ${formatMoney(product.price, product.currency)}${product.pay_what_you_want ? "+" : ""} · by ${product.creator_name}`
          : undefined
      }
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={moderate.isPending}>
            Cancel
          </Button>
          <Button onClick={save} loading={moderate.isPending}>
            Save Review
          </Button>
        </>
      }
    >
      {product && (
        <div className="space-y-4">
          {product.headline && <p className="text-sm text-slate-600">{product.headline}</p>}
          {product.description && (
            <p className="line-clamp-4 whitespace-pre-line rounded-lg bg-slate-50 p-3 text-sm text-slate-600">
              {product.description}
            </p>
          )}
          <a
            href={`/p/${product.id}`}
            target="_blank"
            rel="noreferrer"
            className="inline-block text-sm font-semibold text-brand-600 hover:text-brand-700"
          >
            Open the sales page ↗
          </a>
          <Field label="Status" hint="Only approved products can be bought.">
            <Select
              value={status}
              onChange={(e) => setStatus(e.target.value as ModerationStatus)}
              data-autofocus
              options={(Object.keys(STATUS_LABELS) as ModerationStatus[]).map((s) => ({
                value: s,
                label: STATUS_LABELS[s],
              }))}
            />
          </Field>
          <Field
            label="Notes (optional)"
            hint="Shown to the creator on their product and e-mailed to them with any status change."
          >
            <Textarea
              value={notes}
              onChange={(e) => setNotes(e.target.value)}
              rows={3}
              maxLength={2000}
              placeholder="e.g. Please remove the misleading claims in the headline."
            />
          </Field>
        </div>
      )}
    </Dialog>
  );
}
