import { formatCents } from "@/lib/money";

/**
 * A price as the buyer reads it, in the product's own currency: "$20.00"; with a discount code,
 * the price before it struck through beside the new one ("$20.00 $14.00"); a pay-what-you-want
 * price (its minimum) with a "+"; a fixed price of 0 as "Free".
 */
export function PriceTag({
  price,
  listPrice,
  currency,
  payWhatYouWant = false,
  className = "",
  struckClassName = "",
}: {
  /** minor units */
  price: number;
  /** minor units before a code; null or the same as `price`: nothing struck */
  listPrice?: number | null;
  currency?: string;
  payWhatYouWant?: boolean;
  className?: string;
  struckClassName?: string;
}) {
  const plus = payWhatYouWant ? "+" : "";
  const struck = listPrice != null && listPrice !== price;
  return (
    <span className={className}>
      {struck && (
        <>
          <s className={`mr-2 font-semibold text-slate-500 ${struckClassName}`}>
            <span className="sr-only">Was </span>
            {formatCents(listPrice, currency)}
            {plus}
          </s>
          <span className="sr-only">now </span>
        </>
      )}
      {price === 0 && !payWhatYouWant ? "Free" : formatCents(price, currency)}
      {plus}
    </span>
  );
}
