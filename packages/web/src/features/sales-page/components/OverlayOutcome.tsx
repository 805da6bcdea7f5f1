import { QueryClientProvider } from "@tanstack/react-query";
import { queryClient } from "@/app/queryClient";
import { Button, buttonClasses } from "@/components/ui/Button";
import { CopyButton } from "@/components/ui/CopyButton";
import { EmailAddress } from "@/components/ui/EmailAddress";
import { IconAlert, IconCheck, IconDownload } from "@/components/ui/icons";
import { Spinner } from "@/components/ui/Spinner";
import { OrderItems, useCheckoutSuccess } from "@/features/checkout";
import { formatCents } from "@/lib/money";
import { OVERLAY_PANEL as panel } from "./OverlayWaiting";

/**
 * The purchase, once the payment tab said it is paid (or a free claim was made), with the
 * access link; or, when the tab closed first, the server's answer: paid after all, or not yet.
 */
function Outcome({ checkoutId, closed, onBack }: { checkoutId: string; closed: boolean; onBack: () => void }) {
  const q = useCheckoutSuccess(checkoutId);
  if (q.isPending)
    return (
      <div className={panel} aria-busy="true">
        <Spinner size="lg" className="justify-center text-brand-600" />
        <p className="mt-3 text-sm text-slate-600">Checking your payment…</p>
      </div>
    );
  if (q.isError)
    return (
      <div className={panel} role="alert">
        <IconAlert className="mx-auto h-8 w-8 text-amber-600" />
        <h2 className="mt-3 text-lg font-bold text-slate-900">
          {closed ? "The payment was not completed" : "Purchase details not found"}
        </h2>
        <p className="mt-2 text-sm text-slate-600">
          {closed
            ? "The payment tab was closed before the payment went through. Nothing was charged."
            : "We couldn't retrieve your purchase information. Please check your email for the receipt."}
        </p>
        <div className="mt-5 space-y-2">
          <Button fullWidth onClick={onBack}>
            Back to checkout
          </Button>
          {closed && (
            <Button fullWidth variant="ghost" loading={q.isFetching} onClick={() => q.refetch()}>
              I paid: check again
            </Button>
          )}
        </div>
      </div>
    );

  const { product, purchase, order } = q.data;
  // An order bump bought with it: one payment, each item with its own link.
  const items = q.data.purchases ?? [purchase];
  const several = items.length > 1 && order;
  const paid = several ? order.total : (purchase.total ?? purchase.amount + (purchase.tax ?? 0));
  return (
    <div className={panel} role="status">
      <div className="mx-auto flex h-12 w-12 items-center justify-center rounded-full bg-emerald-100 text-emerald-600">
        <IconCheck className="h-6 w-6" />
      </div>
      <h2 className="mt-3 text-2xl font-extrabold text-slate-900">
        {paid === 0 ? "It's yours!" : "Payment Successful!"}
      </h2>
      <p className="mt-1 font-semibold text-slate-800">{several ? `${items.length} items` : product.name}</p>
      <p className="mt-1 text-sm text-slate-600">
        {paid === 0 ? "Free" : `${formatCents(paid, purchase.currency)} paid`} ·{" "}
        <EmailAddress email={purchase.customer_email} />
      </p>
      {several && (
        <div className="text-left">
          <OrderItems purchases={items} />
        </div>
      )}
      {!several && purchase.license_key && (
        <div className="mt-4 flex flex-wrap items-center justify-center gap-2 rounded-lg bg-slate-50 px-3 py-2">
          <p className="break-all font-mono text-sm font-semibold text-slate-900">{purchase.license_key}</p>
          <CopyButton value={purchase.license_key} what="licence key" />
        </div>
      )}
      {!several && purchase.access_url && (
        <a
          href={purchase.access_url}
          target="_blank"
          rel="noopener noreferrer"
          className={buttonClasses("primary", "lg", "mt-5 w-full")}
        >
          <IconDownload className="h-5 w-5" /> Access Your Content
        </a>
      )}
      <p className="mt-4 text-xs text-slate-500">
        A receipt with your access link has been e-mailed to <EmailAddress email={purchase.customer_email} />.
      </p>
    </div>
  );
}

/**
 * Loaded only once there is a purchase to show (the overlay's first load carries none of it): the
 * success call through the app's query layer, as the success page reads it.
 */
export default function OverlayOutcome(props: Parameters<typeof Outcome>[0]) {
  return (
    <QueryClientProvider client={queryClient}>
      <Outcome {...props} />
    </QueryClientProvider>
  );
}
