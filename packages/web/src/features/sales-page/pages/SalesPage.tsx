import { IconLock } from "@/components/ui/icons";
import { usePageTitle } from "@/components/usePageTitle";
import type { ProductPageData } from "@/lib/pageData";
import { useRecordView } from "@/features/sales-page/api/useRecordView";
import { Benefits } from "@/features/sales-page/components/Benefits";
import { BuyButton, PaymentSetupNotice, PriceCard, priceNote } from "@/features/sales-page/components/PriceCard";
import { formatRecurring, trialText } from "@/lib/membership";
import { CLAIM_FORM_ID, isClaimable, isFixedFree } from "@/features/sales-page/lib/free";
import { buttonClasses } from "@/components/ui/Button";
import { useBuy } from "@/features/sales-page/lib/useBuy";
import { useCheckoutChoices } from "@/features/sales-page/lib/useCheckoutChoices";
import { useOrderBump } from "@/features/sales-page/lib/useOrderBump";
import { ProductMedia } from "@/features/sales-page/components/ProductMedia";
import { SalesHeader } from "@/components/SalesHeader";
import { SalesMessage } from "@/components/SalesStates";
import { joinOthers } from "@/features/sales-page/components/SocialProof";
import { LazyBundleContents, LazyClaimForm } from "@/features/sales-page/components/lazyParts";
import { productTitle } from "@/features/sales-page/lib/page";
import { PriceTag } from "@/features/sales-page/components/PriceTag";
import { PoweredBy } from "@/components/PoweredBy";
import { accentStyle } from "@/lib/accent";
import { CartButton } from "@/features/cart";
import { SalesAddToCart } from "@/features/sales-page/components/SalesPageCart";

/**
 * The public sales page at /product/:productId and /p/:productId, rendered by the server with
 * its data (packages/web/src/rendered: the product, its seller's payment provider, the link's
 * `?code=`) and hydrated in the browser from the same data. It is a document of its own, not a
 * route of the app, so nothing here may import the router or the query cache.
 */
export default function SalesPage({ data: page }: { data: ProductPageData }) {
  const data = page.product;
  const provider = page.provider;
  const choices = useCheckoutChoices(data ?? undefined, page.code);
  const bump = useOrderBump(data?.order_bump);
  const buy = useBuy(
    { id: data?.id ?? "", price: data?.price ?? 0, currency: data?.currency, bump, ref: page.ref },
    provider,
    choices,
  );
  useRecordView(data?.id ?? "", Boolean(data));
  usePageTitle(productTitle(page));

  if (!data) {
    return (
      <SalesMessage
        title={productTitle(page)}
        message={
          page.failed
            ? "Please try again in a moment."
            : "The product you're looking for doesn't exist or is no longer available."
        }
      />
    );
  }
  if (!data.is_active) {
    return (
      <SalesMessage
        tone="unavailable"
        title="Product Unavailable"
        message="This product is currently unavailable for purchase."
      />
    );
  }

  // A free product is claimed with an e-mail address: the form takes the buy button's place,
  // and the phone bar's and closing section's buttons lead to it.
  const claimable = isClaimable(data, provider, choices);
  const fixedFree = isFixedFree(data, choices);
  const action = (size: "md" | "lg") =>
    claimable ? (
      <a href={`#${CLAIM_FORM_ID}`} className={buttonClasses("primary", size, "w-full")}>
        Get it free
      </a>
    ) : (
      <BuyButton {...buy} size={size} />
    );

  const paragraphs = data.description
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean);

  const branding = data.branding;
  return (
    <div className="min-h-screen bg-slate-50 pb-24 lg:pb-0" style={accentStyle(branding?.accent_color)}>
      <SalesHeader logoUrl={branding?.logo_url} sellerName={data.creator_name}>
        <CartButton creatorId={data.creator_id} />
      </SalesHeader>
      <main className="mx-auto grid max-w-6xl gap-8 px-4 py-8 sm:px-6 lg:grid-cols-[1fr_22rem] lg:gap-10 lg:py-12">
        <div className="min-w-0 space-y-8">
          <div>
            {data.creator_name && (
              <p className="text-sm font-semibold uppercase tracking-wide text-brand-600">
                By{" "}
                {branding?.store_handle ? (
                  <a href={`/s/${branding.store_handle}`} className="hover:underline">
                    {data.creator_name}
                  </a>
                ) : (
                  data.creator_name
                )}
              </p>
            )}
            <h1 className="mt-2 text-3xl font-extrabold leading-tight tracking-tight text-slate-900 sm:text-4xl lg:text-5xl">
              {data.headline || data.name}
            </h1>
            {data.subheadline && (
              <p className="mt-4 text-lg leading-relaxed text-slate-600 sm:text-xl">{data.subheadline}</p>
            )}
          </div>
          {/* Phones reach the price card only far down the page (and the sticky bar shows only
              a disabled button), so say why right under the title; desktops see it in the card. */}
          {provider === null && !claimable && <PaymentSetupNotice className="lg:hidden" />}
          <ProductMedia productId={data.id} type={data.media_type} url={data.media_url} title={data.name} />
          {paragraphs.length > 0 && (
            <section aria-label="Description" className="space-y-4 text-base leading-relaxed text-slate-700 sm:text-lg">
              {paragraphs.map((p, i) => (
                <p key={i}>{p}</p>
              ))}
            </section>
          )}
          {!!data.bundle_items?.length && (
            <LazyBundleContents items={data.bundle_items} price={data.price} currency={data.currency} />
          )}
          <Benefits membership={Boolean(choices.membership)} />
          {!fixedFree && !(claimable && provider === null) && (
            <p className="flex items-start gap-3 rounded-2xl border border-emerald-200 bg-emerald-50 p-4 text-sm text-emerald-900">
              <IconLock className="mt-0.5 h-5 w-5 shrink-0 text-emerald-600" />
              <span>
                <strong>Secure checkout.</strong> Your payment is processed by the seller's payment provider over an
                encrypted connection. We never see or store your card details.
              </span>
            </p>
          )}
        </div>

        <aside className="lg:sticky lg:top-24 lg:self-start" aria-label="Purchase">
          <PriceCard
            {...buy}
            choices={choices}
            bump={bump}
            after={<SalesAddToCart product={data} choices={choices} />}
            name={data.name}
            salesCount={data.sales_count}
            claim={claimable ? <LazyClaimForm product={data} discountCode={choices.applied?.code} /> : undefined}
          />
        </aside>

        <section className="rounded-2xl bg-gradient-to-br from-brand-600 to-brand-700 p-8 text-center text-white lg:col-span-2">
          {data.sales_count > 0 && (
            <p className="mb-4 inline-flex rounded-full bg-white/15 px-3 py-1 text-sm font-semibold text-white">
              {joinOthers(data.sales_count)}
            </p>
          )}
          <h2 className="text-2xl font-bold sm:text-3xl">Ready to get {data.name}?</h2>
          <p className="mx-auto mt-2 max-w-xl text-brand-100">
            {claimable
              ? "Get instant access today. Free, with lifetime access."
              : choices.membership
                ? "Get instant access today. Cancel anytime."
                : "Get instant access today. One payment, lifetime access."}
          </p>
          <div className="mx-auto mt-6 max-w-sm [&_a]:bg-white [&_a]:text-brand-700 [&_a:hover]:bg-brand-50 [&_button]:bg-white [&_button]:text-brand-700 [&_button:hover]:bg-brand-50">
            {action("lg")}
          </div>
        </section>
      </main>
      {branding?.powered_by !== false && <PoweredBy />}

      {/* Phones: keep the price and the buy button in reach while reading. */}
      <div className="fixed inset-x-0 bottom-0 z-30 border-t border-slate-200 bg-white/95 px-4 py-3 backdrop-blur lg:hidden">
        <div className="mx-auto flex max-w-xl items-center gap-3">
          <div className="shrink-0">
            <p className="text-lg font-bold leading-none text-slate-900">
              {choices.membership ? (
                formatRecurring(choices.price, data.currency, choices.membership.interval)
              ) : (
                <PriceTag
                  price={choices.price}
                  listPrice={choices.listPrice}
                  currency={data.currency}
                  payWhatYouWant={data.pay_what_you_want}
                  struckClassName="text-sm"
                />
              )}
            </p>
            <p className="mt-1 text-[11px] text-slate-500">
              {choices.membership
                ? trialText(choices.membership.trialDays) || "Cancel anytime"
                : priceNote(choices, fixedFree)}
            </p>
          </div>
          <div className="min-w-0 flex-1">{action("md")}</div>
        </div>
      </div>
    </div>
  );
}
