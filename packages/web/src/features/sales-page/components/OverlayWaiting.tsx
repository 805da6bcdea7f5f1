import { Button } from "@/components/ui/Button";
import { Spinner } from "@/components/ui/Spinner";

/** The overlay's panels (waiting for the payment tab, the purchase): one look. */
export const OVERLAY_PANEL =
  "rounded-2xl border border-slate-200 bg-white p-6 text-center shadow-xl shadow-slate-900/5";

/** While the buyer pays in the other tab: what is happening, and a way back to that tab. */
export function OverlayWaiting({
  blocked,
  onReopen,
  onBack,
}: {
  /** The browser refused the new tab: the buyer opens it with a click of their own. */
  blocked: boolean;
  onReopen: () => void;
  onBack: () => void;
}) {
  return (
    <div className={OVERLAY_PANEL} role="status">
      {!blocked && <Spinner size="lg" className="justify-center text-brand-600" />}
      <h2 className="mt-4 text-lg font-bold text-slate-900">
        {blocked ? "Open the payment page to continue" : "Complete your payment in the new tab"}
      </h2>
      <p className="mt-2 text-sm text-slate-600">
        {blocked
          ? "Your browser kept the payment page from opening by itself."
          : "Your purchase shows here as soon as the payment goes through; this page stays where it is."}
      </p>
      <div className="mt-5 space-y-2">
        <Button fullWidth onClick={onReopen}>
          {blocked ? "Open the payment page" : "Show the payment page"}
        </Button>
        <Button fullWidth variant="ghost" onClick={onBack}>
          Cancel
        </Button>
      </div>
    </div>
  );
}
