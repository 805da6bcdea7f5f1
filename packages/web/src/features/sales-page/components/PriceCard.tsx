import type { ReactNode } from "react";
import { Button } from "@/components/ui/Button";
import { IconAlert, IconLock, IconShield } from "@/components/ui/icons";
import { formatCents } from "@/lib/money";
import { INTERVAL_NAME, formatPlainPrice, formatRecurring, trialText, type Interval } from "@/lib/membership";
import { PriceTag } from "./PriceTag";
import type { PaymentProvider } from "@/features/sales-page/api/types";
import type { CheckoutChoices } from "@/features/sales-page/lib/useCheckoutChoices";
import { CheckoutChoiceFields } from "./CheckoutChoiceFields";
import { SocialProof } from "./SocialProof";
import { LazyTierPicker } from "./lazyParts";
import { OrderBumpField } from "./OrderBumpField";
import type { OrderBumpChoice } from "@/features/sales-page/lib/useOrderBump";

export interface BuyState {
  /** minor units of `currency` */
  price: number;
  currency?: string;
  /** The seller's payment provider (the server rendered the page knowing it); null: none connected. */
  provider: PaymentProvider;
  busy: boolean;
  /** A pay-what-you-want amount under the minimum: the field says why. */
  disabled?: boolean;
  onBuy: () => void;
  /**
   * The Buy form's fields (product_id, the link's code, a pay-what-you-want amount): before
   * JavaScript runs, or without it, Buy posts them to /api/checkout/buy, which answers with the
   * provider's checkout; once the page is hydrated, the form's submit runs `onBuy` instead.
   */
  form: Record<string, string>;
  /**
   * Where the Buy form opens before JavaScript runs. The overlay sets "_blank": it lives in a
   * frame, and the payment page cannot be framed, so a Buy clicked before the page is hydrated
   * opens the payment in a new tab as the hydrated overlay does.
   */
  formTarget?: "_blank";
  /** A membership: Buy subscribes to the chosen tier for this billing period (after the trial). */
  membership?: { interval: Interval; trialDays: number };
}

const providerName = (p: BuyState["provider"]) => (p === "paypal" ? "PayPal" : "Stripe");

/** What Buy says: 'Buy Now - $12.34', 'Subscribe - $9 / month', 'Start 7-day free trial'. */
function buyLabel({ price, currency, membership }: Pick<BuyState, "price" | "currency" | "membership">) {
  if (!membership) return `Buy Now - ${formatCents(price, currency)}`;
  if (membership.trialDays) return `Start ${trialText(membership.trialDays)}`;
  return `Subscribe - ${formatRecurring(price, currency, membership.interval)}`;
}

/**
 * 'Buy Now - $12.34', 'Processing...', or the disabled 'Purchase Temporarily Unavailable'.
 * `picker`: a membership's tier and period inputs, inside the form (they are its `tier` and
 * `interval` fields, so the hidden ones are left out).
 */
export function BuyButton({
  price,
  currency,
  provider,
  busy,
  disabled,
  onBuy,
  form,
  formTarget,
  membership,
  picker,
  size = "lg",
  children,
}: BuyState & { size?: "md" | "lg"; picker?: ReactNode; children?: ReactNode }) {
  if (provider === null) {
    // The longest label of the page: let it wrap instead of pushing a phone's page sideways.
    return (
      <>
        {picker}
        <Button
          size={size}
          fullWidth
          disabled
          className="h-auto! min-h-10 whitespace-normal! py-2 text-center leading-tight"
        >
          Purchase Temporarily Unavailable
        </Button>
      </>
    );
  }
  return (
    <form
      method="post"
      action="/api/checkout/buy"
      target={formTarget}
      onSubmit={(e) => {
        e.preventDefault();
        onBuy();
      }}
    >
      {Object.entries(form)
        .filter(([name]) => !(picker && (name === "tier" || name === "interval")))
        .map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
      {picker}
      <Button type="submit" size={size} fullWidth loading={busy} disabled={disabled} className={picker ? "mt-5" : ""}>
        {busy ? "Processing..." : buyLabel({ price, currency, membership })}
      </Button>
      {/* Inside the form: what is chosen here is posted with Buy before any script runs. */}
      {children}
    </form>
  );
}

/** The line under a price: how it is paid. */
export function priceNote(choices: CheckoutChoices | undefined, free: boolean): string {
  const m = choices?.membership;
  if (m)
    return `${m.trialDays ? `${trialText(m.trialDays)}, then billed` : "Billed"} ${INTERVAL_NAME[m.interval].toLowerCase()} · cancel anytime`;
  return choices?.payWhatYouWant ? "Pay what you want" : free ? "No payment needed" : "One-time payment";
}

/** The yellow notice shown while the seller has no payment provider connected. */
export function PaymentSetupNotice({ className = "" }: { className?: string }) {
  return (
    <div
      role="status"
      className={`flex gap-3 rounded-xl border border-yellow-300 bg-yellow-50 p-3.5 text-sm text-yellow-900 ${className}`}
    >
      <IconAlert className="mt-0.5 h-5 w-5 shrink-0 text-yellow-600" />
      <div>
        <p className="font-semibold">Payment Setup In Progress</p>
        <p className="mt-0.5 text-yellow-800">The seller is finishing their payment setup. Please check back soon.</p>
      </div>
    </div>
  );
}

/**
 * The sticky price card: price, buy button, provider line, social proof. `claim`: the form that
 * takes the buy button's place when the product is claimed for free (no provider is involved).
 */
export function PriceCard({
  name,
  salesCount,
  choices,
  claim,
  bump,
  after,
  ...props
}: BuyState & {
  name: string;
  salesCount: number;
  choices?: CheckoutChoices;
  claim?: ReactNode;
  /** The order bump offered under Buy (rule: Order bumps). */
  bump?: OrderBumpChoice | null;
  /** Shown right under the buy form (the sales page's "Add to cart"). */
  after?: ReactNode;
}) {
  const { price, currency, provider } = props;
  const pwyw = choices?.payWhatYouWant;
  // What the buyer pays (a pay-what-you-want product: its minimum), after an applied code.
  const shown = choices ? choices.price : price;
  const membership = choices?.membership ?? null;
  const free = !pwyw && !membership && shown === 0;
  // A product that is free as it is has no use for a code, nor has a membership.
  const fields = choices && !membership && !(free && !choices.applied);
  return (
    <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-xl shadow-slate-900/5">
      <p className="mb-3 text-sm font-semibold text-slate-900">{name}</p>
      <p className="text-4xl font-extrabold tracking-tight text-slate-900" data-testid="price">
        {membership ? (
          <>
            {formatPlainPrice(shown, currency)}
            <span className="text-lg font-semibold text-slate-500"> / {membership.interval}</span>
          </>
        ) : (
          <PriceTag
            price={shown}
            listPrice={choices?.listPrice}
            currency={currency}
            payWhatYouWant={pwyw}
            struckClassName="text-2xl"
          />
        )}
      </p>
      <p className="mt-1 text-sm font-medium text-slate-500">{priceNote(choices, free)}</p>

      {/* A claim needs no payment provider, so no setup notice. */}
      {provider === null && !claim && <PaymentSetupNotice className="mt-5" />}
      {provider !== null && fields && <CheckoutChoiceFields choices={choices} />}

      <div className="mt-5">
        {claim ?? (
          <BuyButton
            {...props}
            picker={membership ? <LazyTierPicker choice={membership} currency={currency ?? "usd"} /> : undefined}
          >
            {bump && <OrderBumpField bump={bump} currency={currency} />}
          </BuyButton>
        )}
        {!claim && provider !== null && after}
      </div>

      {provider !== null && !claim && (
        <div className="mt-4 space-y-1 text-center text-xs text-slate-500">
          <p className="flex items-center justify-center gap-1.5">
            <IconLock className="h-3.5 w-3.5" /> Secure payment via {providerName(provider)}
          </p>
          <p>
            Powered by <span className="font-semibold text-slate-700">{providerName(provider)}</span>
          </p>
        </div>
      )}

      <ul className="mt-5 space-y-2 border-t border-slate-100 pt-5 text-sm text-slate-600">
        <li className="flex items-center gap-2">
          <IconShield className="h-4 w-4 text-emerald-600" /> Instant access {claim ? "by e-mail" : "after payment"}
        </li>
        <li className="flex items-center gap-2">
          <IconShield className="h-4 w-4 text-emerald-600" /> Receipt and link sent by e-mail
        </li>
      </ul>

      {salesCount > 0 && <SocialProof count={salesCount} className="mt-5 border-t border-slate-100 pt-5" />}
    </div>
  );
}
