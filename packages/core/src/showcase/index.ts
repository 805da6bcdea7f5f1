import type { CounterItem } from "../db/entities/counter";
import { getItem } from "../db/lean/items";
import { counterSchema } from "../db/schemas/counter";
import { CURRENCIES, decimalsOf, revenueByCurrency, type Currency } from "../currency/units";

/**
 * The platform's public figures for the landing and lifetime-deal pages
 * (rule: Honest social proof): products sold, creators and revenue per currency, from the platform counter
 * written with every sale and role change (one GetItem, however large the platform, read through
 * the lean layer so the public-stats Lambda carries no ElectroDB). Never
 * invented, never summed across currencies; each is rounded down to two significant digits
 * and given only from a threshold up, so a young platform shows nothing rather than "3 sales".
 */
export namespace Showcase {
  /** The least figure worth showing; below it the figure is null (or the currency left out). */
  export const THRESHOLDS = {
    products_sold: 100,
    creators: 25,
    /** In whole units of the currency: $1,000, €1,000, ¥1,000. */
    revenue: 1_000,
  } as const;

  export interface Figures {
    products_sold: number | null;
    creators: number | null;
    /** Minor units (cents; whole yen), rounded down; only currencies at or above the threshold. */
    revenue_by_currency: Partial<Record<Currency, number>>;
  }

  /** 1,234 → 1,200; 98 → 98; 2,345,678 → 2,300,000: never more than the truth. */
  export function roundDown(n: number): number {
    const whole = Math.max(0, Math.floor(n));
    const step = 10 ** Math.max(0, String(whole).length - 2);
    return Math.floor(whole / step) * step;
  }

  const shown = (n: number | undefined, threshold: number) => {
    const value = Math.max(0, n ?? 0);
    return value >= threshold ? roundDown(value) : null;
  };

  export async function figures(): Promise<Figures> {
    const c = await getItem<CounterItem>(counterSchema, { scope: "platform" });
    const revenue = revenueByCurrency(c);
    const revenue_by_currency: Figures["revenue_by_currency"] = {};
    for (const currency of CURRENCIES) {
      const unit = 10 ** decimalsOf(currency);
      const major = shown(Math.floor((revenue[currency] ?? 0) / unit), THRESHOLDS.revenue);
      if (major !== null) revenue_by_currency[currency] = major * unit;
    }
    return {
      products_sold: shown(c?.sales, THRESHOLDS.products_sold),
      creators: shown(c?.creators, THRESHOLDS.creators),
      revenue_by_currency,
    };
  }
}
