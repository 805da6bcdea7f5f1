import { Switch } from "@/components/ui/Switch";

/**
 * Stripe Tax on the seller's product checkouts: Stripe adds the tax of the buyer's country on
 * top of the price and asks for their billing address. It only works once the seller has
 * activated Stripe Tax in their own Stripe account (Stripe refuses the checkout otherwise).
 */
export function AutomaticTaxSwitch({ checked, onChange }: { checked: boolean; onChange: (on: boolean) => void }) {
  return (
    <div className="rounded-xl border border-slate-200 p-4">
      <Switch
        checked={checked}
        onChange={onChange}
        label="Automatic tax (Stripe checkouts only)"
        description={
          <>
            Stripe calculates and collects sales tax or VAT from each buyer&apos;s billing address and adds it to the
            price. You must first activate Stripe Tax in your Stripe account (Dashboard → Tax). Tax is shown separately
            on receipts and in your sales; your revenue never includes it. PayPal checkouts are not taxed.
          </>
        }
      />
    </div>
  );
}
