import { CounterEntity, DailyStatEntity } from "../db/entities";
import { CURRENCIES, addByCurrency, revenueByCurrency, salesByCurrency, type Currency } from "../currency/index";
import { Setting } from "../setting/index";

/**
 * Admin Overview, charts and Financial Reports. Everything reads the platform counter item
 * and the platform daily aggregates written at event time (sign-in, fulfilment, product
 * writes): one GetItem plus one Query of at most a year of days, never a Scan.
 */
export namespace AdminStats {
  export const CHART_DAYS = 30;

  const day = (d: Date) => d.toISOString().slice(0, 10);

  /** The last `n` UTC dates, oldest first, today included. */
  export function lastDays(n: number, now = new Date()): string[] {
    const out: string[] = [];
    for (let i = n - 1; i >= 0; i--) out.push(day(new Date(now.getTime() - i * 86_400_000)));
    return out;
  }

  async function platformCounter() {
    return (await CounterEntity.get({ scope: "platform" }).go()).data;
  }

  async function platformDays(from: string, to: string) {
    const res = await DailyStatEntity.query
      .primary({ scope: "platform" })
      .between({ date: from }, { date: to })
      .go({ pages: "all" });
    return res.data;
  }

  const nonNegative = (n: number | undefined) => Math.max(0, n ?? 0);

  /** GET /api/admin/stats. */
  export async function overview() {
    const dates = lastDays(CHART_DAYS);
    const [c, days] = await Promise.all([platformCounter(), platformDays(dates[0]!, dates.at(-1)!)]);
    const plans = c?.plan_users ?? {};
    return {
      users: {
        total_users: nonNegative(c?.users),
        active_users: nonNegative(c?.active_users),
        starter_users: nonNegative(plans.starter),
        pro_users: nonNegative(plans.pro),
        // Lifetime grants business-level features (rule: Lifetime deal), so it counts as Business.
        business_users: nonNegative(plans.business) + nonNegative(plans.lifetime),
        free_users: nonNegative(plans.free),
      },
      products: {
        // USD only, as before currencies; every currency's figure is in revenue_by_currency.
        total_revenue: nonNegative(c?.revenue),
        revenue_by_currency: revenueByCurrency(c),
        total_sales: nonNegative(c?.sales),
        total_products: nonNegative(c?.products),
        active_products: nonNegative(c?.active_products),
      },
      recent: {
        revenue_30d: days.reduce((s, d) => s + (d.revenue ?? 0), 0),
        revenue_30d_by_currency: days.map(revenueByCurrency).reduce(addByCurrency, {}),
        new_sales_30d: days.reduce((s, d) => s + (d.sales ?? 0), 0),
        new_users_30d: days.reduce((s, d) => s + (d.new_users ?? 0), 0),
      },
    };
  }

  /** GET /api/admin/chart-data: 30 days, zero-filled, oldest first. */
  export async function chart() {
    const dates = lastDays(CHART_DAYS);
    const days = new Map((await platformDays(dates[0]!, dates.at(-1)!)).map((d) => [d.date, d]));
    return {
      chartData: dates.map((date) => {
        const d = days.get(date);
        return {
          date,
          revenue: d?.revenue ?? 0,
          revenue_by_currency: revenueByCurrency(d),
          // Every sale of the day whatever its currency; sales_by_currency splits them, so the
          // chart plots the sales of the currency whose revenue it plots.
          sales: d?.sales ?? 0,
          sales_by_currency: salesByCurrency(d),
          users: d?.new_users ?? 0,
        };
      }),
    };
  }

  /** Rounded to whole cents; commission is a percentage of revenue (rule: Commission). */
  export const commissionOf = (revenue: number, rate: number) => Math.round((revenue * rate) / 100);
  /** Average order value = revenue ÷ sales, rounded; 0 without sales. */
  export const averageOrder = (revenue: number, sales: number) => (sales > 0 ? Math.round(revenue / sales) : 0);

  /** One currency's revenue, the platform's commission on it and what its creators keep. */
  const split = (revenue: number, rate: number) => ({
    revenue,
    platform_commission: commissionOf(revenue, rate),
    net_to_creators: revenue - commissionOf(revenue, rate),
  });

  /** GET /api/admin/finance: totals plus the last 12 months from the daily aggregates. */
  export async function finance() {
    const now = new Date();
    const firstMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 11, 1));
    const [c, rate, days] = await Promise.all([
      platformCounter(),
      Setting.number("commission_rate"),
      platformDays(day(firstMonth), day(now)),
    ]);
    const revenue = nonNegative(c?.revenue);
    const sales = nonNegative(c?.sales);
    const commission = commissionOf(revenue, rate);
    type Month = { revenue: number; sales: number; byCurrency: Partial<Record<Currency, number>> };
    const months = new Map<string, Month>();
    for (let i = 0; i < 12; i++) {
      const m = new Date(Date.UTC(firstMonth.getUTCFullYear(), firstMonth.getUTCMonth() + i, 1));
      months.set(m.toISOString().slice(0, 7), { revenue: 0, sales: 0, byCurrency: {} });
    }
    for (const d of days) {
      const m = months.get(d.date.slice(0, 7));
      if (m) {
        m.revenue += d.revenue ?? 0;
        m.sales += d.sales ?? 0;
        m.byCurrency = addByCurrency(m.byCurrency, revenueByCurrency(d));
      }
    }
    // Commission is taken in each sale's own currency, so it is reported per currency too; an
    // average divides a currency's revenue by that currency's own sales.
    const byCurrency = revenueByCurrency(c);
    const salesIn = salesByCurrency(c);
    const perCurrency = Object.fromEntries(
      CURRENCIES.filter((cur) => byCurrency[cur]).map((cur) => {
        const r = nonNegative(byCurrency[cur]);
        const sold = nonNegative(salesIn[cur]);
        return [cur, { ...split(r, rate), sales: sold, average_order_value: averageOrder(r, sold) }];
      }),
    );
    return {
      // USD only (the fields from before currencies); every currency in by_currency.
      total_revenue: revenue,
      revenue_by_currency: byCurrency,
      by_currency: perCurrency,
      total_sales: sales,
      commission_rate: rate,
      platform_commission: commission,
      net_to_creators: revenue - commission,
      // USD revenue over USD sales (a euro sale no longer lowers the dollar average).
      average_order_value: averageOrder(revenue, nonNegative(salesIn.usd)),
      monthly: [...months].map(([month, m]) => ({
        month,
        revenue: m.revenue,
        revenue_by_currency: m.byCurrency,
        sales: m.sales,
        commission: commissionOf(m.revenue, rate),
        net_to_creators: m.revenue - commissionOf(m.revenue, rate),
        // Each currency's month on its own: {eur: {revenue, commission, net_to_creators}}.
        by_currency: Object.fromEntries(
          Object.entries(m.byCurrency).map(([cur, r]) => {
            const { revenue, platform_commission, net_to_creators } = split(nonNegative(r), rate);
            return [cur, { revenue, commission: platform_commission, net_to_creators }];
          }),
        ),
      })),
    };
  }
}
