import { useState } from "react";
import { Button } from "@/components/ui/Button";
import { ConfirmDialog } from "@/components/ui/ConfirmDialog";
import { toast } from "@/components/ui/toast";
import { useRefundSale } from "@/features/settings/api/refundSale";
import type { Sale } from "@/features/settings/api/salesHistory";
import { formatMoney } from "@/lib/format";

/**
 * Sales History → Refund: asks first (the money goes back at once and cannot be taken again),
 * then refunds at the provider. The row turns "Refunded" when the answer comes back.
 */
export function RefundSaleButton({ sale }: { sale: Sale }) {
  const [open, setOpen] = useState(false);
  const refund = useRefundSale();
  // The provider refunds the whole charge: the price and any tax collected on top of it.
  const amount = formatMoney(sale.amount + (sale.tax ?? 0), sale.currency);
  const confirm = () =>
    refund.mutate(sale.id, {
      onSuccess: (result) => {
        setOpen(false);
        toast(result.message, result.pending ? "info" : "success");
      },
      onError: (err) => {
        setOpen(false);
        toast(err.message, "error", 8000);
      },
    });
  return (
    <>
      <Button
        variant="secondary"
        size="sm"
        onClick={() => setOpen(true)}
        aria-label={`Refund ${amount} to ${sale.customer_email} for ${sale.product_name}`}
      >
        Refund
      </Button>
      <ConfirmDialog
        open={open}
        busy={refund.isPending}
        tone="danger"
        title="Refund this sale?"
        message={`${sale.customer_email} gets ${amount} back for ${sale.product_name}, and their access to it ends at once. This cannot be undone.`}
        confirmLabel={refund.isPending ? "Refunding..." : `Refund ${amount}`}
        cancelLabel="Keep sale"
        onConfirm={confirm}
        onCancel={() => setOpen(false)}
      />
    </>
  );
}
