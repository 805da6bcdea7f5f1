import { lazy, Suspense, useEffect } from "react";
import { mediaImage } from "@payloft/core/product/media";
import { usePageTitle } from "@/components/usePageTitle";
import type { ProductPageData } from "@/lib/pageData";
import { useRecordView } from "@/features/sales-page/api/useRecordView";
import { PriceCard } from "@/features/sales-page/components/PriceCard";
import { LazyClaimForm } from "@/features/sales-page/components/lazyParts";
import { OVERLAY_PANEL, OverlayWaiting } from "@/features/sales-page/components/OverlayWaiting";
import { productTitle } from "@/features/sales-page/lib/page";
import { isClaimable } from "@/features/sales-page/lib/free";
import { useBuy } from "@/features/sales-page/lib/useBuy";
import { useCheckoutChoices } from "@/features/sales-page/lib/useCheckoutChoices";
import { useOrderBump } from "@/features/sales-page/lib/useOrderBump";
import { usePaymentTab } from "@/features/sales-page/lib/usePaymentTab";
import { accentStyle } from "@/lib/accent";

/** The page embedding this overlay, or "*" when the browser does not say (nothing secret is sent). */
const hostOrigin = () => {
  try {
    return new URL(document.referrer).origin;
  } catch {
    return "*";
  }
};
// Rendered on the server too, where there is no window: a page that is not framed.
const framed = () => typeof window !== "undefined" && window.parent !== window;

// Shown only after a purchase: the overlay's first load does not carry it.
const OverlayOutcome = lazy(() => import("@/features/sales-page/components/OverlayOutcome"));
const tellHost = (message: { type: string; height?: number }) => window.parent.postMessage(message, hostOrigin());

const claimId = (url: string) => new URL(url, window.location.origin).searchParams.get("session_id") ?? "";

/**
 * /overlay/product/:productId: the sales page's buying part, compact, shown by /embed.js in an
 * iframe over another site (the one path other sites may frame). The payment page itself
 * cannot be framed and the host page never navigates: "Buy" opens the payment page in a new
 * tab, and this overlay shows the purchase when that tab reports it paid (lib/usePaymentTab).
 * A free claim shows its purchase here at once. Escape inside the frame closes the overlay
 * like Escape on the host page.
 */
export default function OverlayPage({ data: page }: { data: ProductPageData }) {
  const data = page.product;
  const choices = useCheckoutChoices(data ?? undefined, page.code);
  const tab = usePaymentTab();
  const bump = useOrderBump(data?.order_bump);
  // Opened on its own (not framed), it is an ordinary page that may go to the payment page.
  const buy = useBuy(
    { id: data?.id ?? "", price: data?.price ?? 0, currency: data?.currency, bump, ref: page.ref },
    page.provider,
    choices,
    framed() ? tab.opener : undefined,
  );
  useRecordView(data?.id ?? "", Boolean(data?.is_active));
  usePageTitle(productTitle(page));

  useEffect(() => {
    if (!framed()) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") tellHost({ type: "payloft:close" });
    };
    window.addEventListener("keydown", onKey);
    // The host sizes the panel to the content, so a short product shows no empty panel.
    // (The app's root, not <html>: the document is never shorter than the frame itself.)
    const root = document.getElementById("root") ?? document.body;
    const sizer = new ResizeObserver(() =>
      tellHost({ type: "payloft:height", height: root.getBoundingClientRect().height }),
    );
    sizer.observe(root);
    return () => {
      window.removeEventListener("keydown", onKey);
      sizer.disconnect();
    };
  }, []);

  if (!data || !data.is_active) {
    return (
      <main className="flex min-h-screen flex-col items-center justify-center p-8 text-center">
        <h1 className="text-xl font-bold text-slate-900">{data ? "Product Unavailable" : productTitle(page)}</h1>
        <p className="mt-2 text-sm text-slate-600">This product is currently unavailable for purchase.</p>
      </main>
    );
  }

  const picture = mediaImage(data.media_type, data.media_url);
  return (
    <main className="bg-slate-50 p-4 sm:p-6" style={accentStyle(data.branding?.accent_color)}>
      {picture && <img src={picture} alt="" className="mb-4 aspect-video w-full rounded-xl object-cover" />}
      {data.creator_name && (
        <p className="text-xs font-semibold uppercase tracking-wide text-brand-600">By {data.creator_name}</p>
      )}
      <h1 className="mt-1 text-2xl font-extrabold leading-tight text-slate-900">{data.headline || data.name}</h1>
      {data.subheadline && <p className="mt-2 text-slate-600">{data.subheadline}</p>}
      <div className="mt-5">
        {tab.state.step === "waiting" ? (
          <OverlayWaiting blocked={tab.state.blocked} onReopen={tab.reopen} onBack={tab.back} />
        ) : tab.state.step === "outcome" ? (
          <Suspense fallback={<div className={`${OVERLAY_PANEL} h-40`} aria-busy="true" />}>
            <OverlayOutcome checkoutId={tab.state.checkoutId} closed={tab.state.closed} onBack={tab.back} />
          </Suspense>
        ) : (
          <PriceCard
            {...buy}
            formTarget="_blank"
            choices={choices}
            bump={bump}
            name={data.name}
            salesCount={data.sales_count}
            claim={
              isClaimable(data, buy.provider, choices) ? (
                <LazyClaimForm
                  product={data}
                  discountCode={choices.applied?.code}
                  go={(url) => tab.claimed(claimId(url))}
                />
              ) : undefined
            }
          />
        )}
      </div>
      {data.branding?.powered_by !== false && (
        <p className="mt-5 text-center text-xs text-slate-500">
          Powered by{" "}
          <a href="/" target="_blank" rel="noopener noreferrer" className="font-semibold hover:underline">
            Payloft
          </a>
        </p>
      )}
    </main>
  );
}
