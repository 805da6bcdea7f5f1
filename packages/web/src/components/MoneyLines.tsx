import { formatByCurrency } from "@/lib/format";

/**
 * A money figure kept per currency, one line each (never a sum): {usd: 5000, eur: 950} ->
 * "$50.00" over "€9.50". `none` is shown when there is nothing (default: "$0.00").
 */
export function MoneyLines({
  byCurrency,
  usd = 0,
  none,
}: {
  byCurrency: Partial<Record<string, number>> | undefined;
  usd?: number;
  none?: string;
}) {
  return (
    <>
      {formatByCurrency(byCurrency, usd, none).map((line) => (
        <span key={line} className="block whitespace-nowrap">
          {line}
        </span>
      ))}
    </>
  );
}

/** Whether a per-currency figure has any amount to show (else it reads `none`). */
export const hasMoney = (byCurrency: Partial<Record<string, number>> | undefined, usd = 0) =>
  Boolean(usd) || Object.values(byCurrency ?? {}).some(Boolean);
