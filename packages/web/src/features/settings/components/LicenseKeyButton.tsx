import { useState } from "react";
import { Button } from "@/components/ui/Button";
import { ConfirmDialog } from "@/components/ui/ConfirmDialog";
import { toast } from "@/components/ui/toast";
import { useSetLicenseKeyDisabled } from "@/features/settings/api/licenseKey";
import type { Sale } from "@/features/settings/api/salesHistory";

/**
 * Sales History → Disable key / Enable key for a sale sold with a licence key: asks first, since
 * the buyer's software stops (or starts again) accepting the key at its next check.
 */
export function LicenseKeyButton({ sale }: { sale: Sale }) {
  const [open, setOpen] = useState(false);
  const setDisabled = useSetLicenseKeyDisabled();
  const disabling = !sale.license_disabled;
  const verb = disabling ? "Disable" : "Enable";
  const confirm = () =>
    setDisabled.mutate(
      { saleId: sale.id, disabled: disabling },
      {
        onSuccess: () => {
          setOpen(false);
          toast(disabling ? "Licence key disabled." : "Licence key enabled.", "success");
        },
        onError: (err) => {
          setOpen(false);
          toast(err.message, "error", 8000);
        },
      },
    );
  return (
    <>
      <Button
        variant="secondary"
        size="sm"
        onClick={() => setOpen(true)}
        aria-label={`${verb} the licence key of ${sale.customer_email} for ${sale.product_name}`}
      >
        {verb} key
      </Button>
      <ConfirmDialog
        open={open}
        busy={setDisabled.isPending}
        tone={disabling ? "danger" : "primary"}
        title={disabling ? "Disable this licence key?" : "Enable this licence key?"}
        message={
          disabling
            ? `Checks of ${sale.customer_email}'s key for ${sale.product_name} will answer that it is not valid. You can enable it again later.`
            : `Checks of ${sale.customer_email}'s key for ${sale.product_name} will answer that it is valid again.`
        }
        confirmLabel={setDisabled.isPending ? `${verb.slice(0, -1)}ing...` : `${verb} key`}
        cancelLabel="Cancel"
        onConfirm={confirm}
        onCancel={() => setOpen(false)}
      />
    </>
  );
}

/** The sale's licence key as text, marked when the creator disabled it. */
export function SaleLicenseKey({ sale }: { sale: Sale }) {
  if (!sale.license_key) return null;
  return (
    <p className="mt-0.5 text-xs text-slate-500">
      <span className="sr-only">Licence key: </span>
      <span className="break-all font-mono">{sale.license_key}</span>
      {sale.license_disabled && <span className="ml-1.5 font-medium text-rose-700">(disabled)</span>}
    </p>
  );
}
