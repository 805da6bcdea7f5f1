import { useEffect, useState } from "react";
import { Link, useSearchParams } from "react-router-dom";
import { ApiError } from "@/lib/api";
import { Logo } from "@/components/Logo";
import { buttonClasses } from "@/components/ui/Button";
import { CopyButton } from "@/components/ui/CopyButton";
import { EmailAddress } from "@/components/ui/EmailAddress";
import { IconAlert, IconCheck, IconDownload, IconInbox, IconLink, IconShield } from "@/components/ui/icons";
import { Skeleton, SkeletonText } from "@/components/ui/Skeleton";
import { usePageTitle } from "@/components/usePageTitle";
import { formatCents } from "@/lib/money";
import { useCheckoutSuccess, type SuccessPurchase } from "@/features/checkout/api/useCheckoutSuccess";
import { tellOpenerPaid } from "@/lib/payment-message";
import { BundleItemLinks } from "@/components/BundleItemLinks";
import { OrderItems } from "@/features/checkout/components/OrderItems";
import { AccessLine, membershipHeadline, membershipSentences } from "@/features/checkout/components/MembershipNext";
import { removeBought } from "@/lib/cart";

/** en-US long form with hour and minute, e.g. "November 22, 2026 at 02:30 AM". */
const purchaseDate = (iso: string) =>
  new Date(iso).toLocaleDateString("en-US", {
    year: "numeric",
    month: "long",
    day: "numeric",
    hour: "2-digit",
    minute: "2-digit",
  });

function Shell({ children }: { children: React.ReactNode }) {
  return (
    <div className="min-h-screen bg-gradient-to-b from-emerald-50 via-white to-white">
      <header className="mx-auto flex h-16 max-w-2xl items-center px-4 sm:px-6">
        <Logo />
      </header>
      <main className="mx-auto max-w-2xl px-4 pb-16 pt-6 sm:px-6">{children}</main>
    </div>
  );
}

function Problem({ title, message }: { title: string; message?: string }) {
  usePageTitle(title); // not "Payment Successful" when it was not
  return (
    <Shell>
      <div className="rounded-2xl border border-slate-200 bg-white p-8 text-center shadow-sm">
        <div className="mx-auto flex h-14 w-14 items-center justify-center rounded-full bg-red-50 text-red-600">
          <IconAlert className="h-7 w-7" />
        </div>
        <h1 className="mt-5 text-2xl font-bold text-slate-900">{title}</h1>
        {message && <p className="mt-2 text-slate-600">{message}</p>}
        <Link to="/" className={buttonClasses("secondary", "md", "mt-6")}>
          Back to home
        </Link>
      </div>
    </Shell>
  );
}

/** /checkout/success?session_id=: the buyer's receipt screen. */
export default function CheckoutSuccessPage() {
  const [params] = useSearchParams();
  const sessionId = params.get("session_id") ?? "";
  const query = useCheckoutSuccess(sessionId);
  const claimed = query.data && (query.data.purchase.total ?? query.data.purchase.amount) === 0;
  const trial = Boolean(query.data?.membership?.trial_end);
  usePageTitle(trial ? "Your free trial has started" : claimed ? "It's yours" : undefined);
  // Paid in the tab an overlay checkout opened: the overlay on the seller's site shows it too.
  const [fromOverlay, setFromOverlay] = useState(false);
  useEffect(() => {
    if (query.isSuccess) setFromOverlay(tellOpenerPaid(sessionId));
  }, [query.isSuccess, sessionId]);
  // Paid: what was bought leaves the buyer's cart (rule: Carts).
  useEffect(() => {
    if (query.data) removeBought((query.data.purchases ?? []).flatMap((p) => (p.product_id ? [p.product_id] : [])));
  }, [query.data]);

  if (!sessionId) return <Problem title="Invalid checkout session" />;
  if (query.isPending) {
    return (
      <Shell>
        <div
          className="rounded-2xl border border-slate-200 bg-white p-8 shadow-sm"
          aria-busy="true"
          aria-label="Loading purchase details"
        >
          <Skeleton className="mx-auto h-14 w-14 rounded-full" />
          <Skeleton className="mx-auto mt-5 h-8 w-2/3" />
          <SkeletonText lines={4} className="mt-8" />
        </div>
      </Shell>
    );
  }
  if (query.isError) {
    const title =
      query.error instanceof ApiError
        ? query.error.message || "Purchase details not found"
        : "Failed to load purchase details";
    return (
      <Problem
        title={title}
        message="We couldn't retrieve your purchase information. Please check your email for the receipt."
      />
    );
  }

  const { product, purchase, order, membership } = query.data;
  // One payment, several purchases (an order bump, a cart): every item with its own link.
  const items = query.data.purchases ?? [purchase];
  const several = items.length > 1 && order;
  const tax = several ? order.tax : (purchase.tax ?? 0);
  const price = several ? order.amount : purchase.amount;
  const paid = several ? order.total : (purchase.total ?? purchase.amount + tax);
  // A free claim (rule: Free claims) was not a payment.
  const free = paid === 0;
  return (
    <Shell>
      <div className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
        <div className="px-6 pb-6 pt-8 text-center sm:px-8">
          <div className="mx-auto flex h-16 w-16 items-center justify-center rounded-full bg-emerald-100 text-emerald-600">
            <IconCheck className="h-8 w-8" />
          </div>
          <h1 className="mt-5 text-3xl font-extrabold tracking-tight text-slate-900">
            {membership ? membershipHeadline(membership) : free ? "It's yours!" : "Payment Successful!"}
          </h1>
          {membership ? (
            membershipSentences(membership).map((line) => (
              <p key={line} className="mt-2 text-slate-600" data-testid="membership-next">
                {line}
              </p>
            ))
          ) : (
            <p className="mt-2 text-slate-600">
              {free ? "Thank you. Your free content is ready." : "Thank you for your purchase. Your content is ready."}
            </p>
          )}
          {fromOverlay && (
            <p className="mt-2 text-sm text-slate-500">
              It also shows on the page you bought from, so you can close this tab.
            </p>
          )}
        </div>

        <div className="border-t border-slate-100 px-6 py-6 sm:px-8">
          <h2 className="text-lg font-semibold text-slate-900">
            {several ? `Your order (${items.length} items)` : product.name}
          </h2>
          {!several && product.description && (
            <p className="mt-1 line-clamp-3 text-sm text-slate-600">{product.description}</p>
          )}
          <dl className="mt-5 grid gap-4 rounded-xl bg-slate-50 p-4 text-sm sm:grid-cols-2">
            <div>
              <dt className="text-slate-500">Amount Paid</dt>
              <dd className="mt-0.5 font-semibold text-slate-900">
                {membership?.trial_end
                  ? "Nothing today (free trial)"
                  : free
                    ? "Free"
                    : formatCents(paid, purchase.currency)}
              </dd>
            </div>
            <div>
              <dt className="text-slate-500">Purchase Date</dt>
              <dd className="mt-0.5 font-semibold text-slate-900">{purchaseDate(purchase.created_at)}</dd>
            </div>
            <div className="min-w-0 sm:col-span-2">
              <dt className="text-slate-500">Email</dt>
              {/* Wrapped, never cut off: the buyer checks it is the address the receipt went to. */}
              <dd className="mt-0.5 font-semibold text-slate-900">
                <EmailAddress email={purchase.customer_email} />
              </dd>
            </div>
            {tax > 0 && (
              <div className="flex flex-wrap gap-x-6 gap-y-1 border-t border-slate-200 pt-3 sm:col-span-2">
                <div className="flex gap-2">
                  <dt className="text-slate-500">Price</dt>
                  <dd className="font-medium text-slate-900">{formatCents(price, purchase.currency)}</dd>
                </div>
                <div className="flex gap-2">
                  <dt className="text-slate-500">Tax</dt>
                  <dd className="font-medium text-slate-900">{formatCents(tax, purchase.currency)}</dd>
                </div>
              </div>
            )}
          </dl>
          {several ? <OrderItems purchases={items} /> : <SingleDelivery purchase={purchase} name={product.name} />}
        </div>

        <div className="border-t border-slate-100 bg-slate-50/60 px-6 py-6 sm:px-8">
          <h2 className="text-sm font-semibold uppercase tracking-wide text-slate-500">Next steps</h2>
          <ul className="mt-4 space-y-3 text-sm text-slate-700">
            <li className="flex gap-3">
              <IconInbox className="h-5 w-5 shrink-0 text-brand-600" />
              <span className="min-w-0">
                A receipt with your access link has been emailed to <EmailAddress email={purchase.customer_email} />.
              </span>
            </li>
            <li className="flex gap-3">
              <IconShield className="h-5 w-5 shrink-0 text-brand-600" /> <AccessLine membership={membership} />
            </li>
            <li className="flex gap-3">
              <IconLink className="h-5 w-5 shrink-0 text-brand-600" /> Bookmark your content link so you can come back
              to it any time.
            </li>
          </ul>
        </div>
      </div>
    </Shell>
  );
}

/** One purchase's licence key and access link (a bundle: its items' links). */
function SingleDelivery({ purchase, name }: { purchase: SuccessPurchase; name: string }) {
  return (
    <>
      {purchase.license_key && (
        <div className="mt-4 flex flex-wrap items-center justify-between gap-3 rounded-lg border border-slate-200 bg-slate-50 px-4 py-3">
          <div className="min-w-0">
            <p className="text-sm text-slate-500">Your licence key</p>
            <p
              data-testid="license-key"
              className="mt-1 break-all font-mono text-base font-semibold tracking-wide text-slate-900"
            >
              {purchase.license_key}
            </p>
          </div>
          <CopyButton value={purchase.license_key} what="licence key" />
        </div>
      )}
      <BundleItemLinks items={purchase.bundle_items ?? []} bundleName={name} />
      {purchase.access_url && !purchase.bundle_items?.length ? (
        <a
          href={purchase.access_url}
          target="_blank"
          rel="noopener noreferrer"
          className={buttonClasses("primary", "lg", "mt-6 w-full")}
        >
          <IconDownload className="h-5 w-5" /> Access Your Content
        </a>
      ) : purchase.access_url ? null : (
        <p role="status" className="mt-6 rounded-xl bg-amber-50 px-4 py-3 text-sm text-amber-900">
          This payment was refunded or disputed, so its content is no longer available.
        </p>
      )}
    </>
  );
}
