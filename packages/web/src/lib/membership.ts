import { decimalsOf } from "@payloft/core/currency/units";
import { formatCents } from "./money";
import type { Interval } from "@payloft/core/product/tiers";

/**
 * How a membership's price reads wherever it is shown (the sales page, the store card, the
 * buyer's portal, the creator's Members view), in the product's own currency: "$9 / month",
 * "€90 / year", "$9.50 / quarter". A whole amount drops its ".00", as price lists do.
 */
export type { Interval };

export const INTERVAL_ORDER: readonly Interval[] = ["month", "quarter", "year"];
export const INTERVAL_NAME: Record<Interval, string> = { month: "Monthly", quarter: "Quarterly", year: "Yearly" };

/** Minor units -> "$9", "$9.50", "¥950". */
export function formatPlainPrice(minor: number, currency = "usd"): string {
  const c = currency || "usd";
  const major = (minor ?? 0) / 10 ** decimalsOf(c);
  return new Intl.NumberFormat("en-US", {
    style: "currency",
    currency: c.toUpperCase(),
    minimumFractionDigits: Number.isInteger(major) ? 0 : decimalsOf(c),
  }).format(major);
}

/** Minor units per period -> "$9 / month". */
export const formatRecurring = (minor: number, currency: string | undefined, interval: Interval) =>
  `${formatPlainPrice(minor, currency)} / ${interval}`;

/** "7-day free trial" (none: ""). */
export const trialText = (days: number | undefined) => (days ? `${days}-day free trial` : "");

/**
 * A membership's price in one line, where a list shows one price per product: the cheapest tier
 * at the shortest period it is sold by ("from $5 / month"; "$5 / month" when that is its only
 * price); null for a product without tiers.
 */
export function membershipFrom(
  tiers: { prices: { interval: Interval; amount: number }[] }[] | undefined,
  currency: string | undefined,
): string | null {
  const prices = (tiers ?? []).flatMap((t) => t.prices);
  const interval = INTERVAL_ORDER.find((i) => prices.some((p) => p.interval === i));
  if (!interval) return null;
  const lowest = Math.min(...prices.filter((p) => p.interval === interval).map((p) => p.amount));
  // "from" only when there is something dearer to choose (another tier or period).
  const several = new Set(prices.map((p) => `${p.amount}/${p.interval}`)).size > 1;
  return `${several ? "from " : ""}${formatRecurring(lowest, currency, interval)}`;
}

/**
 * The one price a list shows for a product whose tiers it does not have (the store's cards):
 * "$9 / month", "from $5 / month" when the membership is also sold at other prices, "Free",
 * or a one-time price ("$29.00", "€5.00+" for pay what you want), in the product's own currency.
 */
export function listedPrice(p: {
  price: number;
  currency: string;
  pay_what_you_want?: boolean;
  billing?: string;
  price_interval?: Interval | null;
  price_varies?: boolean;
}): string {
  if (p.billing === "recurring" && p.price_interval)
    return `${p.price_varies ? "from " : ""}${formatRecurring(p.price, p.currency, p.price_interval)}`;
  if (p.pay_what_you_want) return `${formatCents(p.price, p.currency)}+`;
  return p.price === 0 ? "Free" : formatCents(p.price, p.currency);
}
