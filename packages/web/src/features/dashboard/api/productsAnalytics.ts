import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Analytics } from "@payloft/core/analytics/index";
import { apiFetch } from "@/lib/api";
import { dashboardKeys } from "@/lib/stats";
import { formatMoney } from "@/lib/format";

/** GET /api/dashboard/products-analytics: per-product views, sales, revenue (cents), conversion. */
export type ProductFigures = Analytics.ProductFigures;

export const productsAnalyticsQuery = () =>
  queryOptions({
    queryKey: [...dashboardKeys.all, "products-analytics"],
    queryFn: async () => (await apiFetch<{ products: ProductFigures[] }>("/api/dashboard/products-analytics")).products,
  });

export const useProductsAnalytics = () => useQuery(productsAnalyticsQuery());

/**
 * The creator's own currency, for a figure that has no sale to take one from ("¥0", not "$0.00",
 * for a yen creator whose only sale was a free claim or whose only member is on a trial): the
 * currency most of their products are priced in (the first listed on a tie). Undefined until
 * their products are read, or when they have none (the figure then keeps its USD default).
 */
export function useCreatorCurrency(): string | undefined {
  const { data } = useProductsAnalytics();
  const count = new Map<string, number>();
  for (const p of data ?? []) count.set(p.currency, (count.get(p.currency) ?? 0) + 1);
  let best: string | undefined;
  for (const [currency, n] of count) if (!best || n > count.get(best)!) best = currency;
  return best;
}

/**
 * Nothing, in the creator's own currency ("£0.00"), for a money figure that has no amount; undefined
 * while their products are still being read, so the figure waits behind its placeholder instead of
 * reading "$0.00" first (a pound creator whose only member is on a trial saw "$0.00", then "£0.00").
 * Without products (or when they cannot be read) it is the USD default.
 */
export function useZeroMoney(): string | undefined {
  const { isPending } = useProductsAnalytics();
  const currency = useCreatorCurrency();
  return isPending ? undefined : formatMoney(0, currency ?? "usd");
}
