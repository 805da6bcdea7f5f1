import * as z from "zod/mini";
import "../zod";
import { revenueByCurrency } from "../currency/index";
import type { CounterItem } from "../db/entities/counter";
import { getItem } from "../db/lean/items";
import { counterSchema } from "../db/schemas/counter";
import { planOf } from "../plan/plans";
import { productLimitFor } from "../plan/limits";
import { userById } from "../user/read";
import type { Currency } from "../currency/index";
import { CURRENCIES, mrrField } from "../currency/units";
import type { DailyStatItem } from "../db/entities/daily-stat";
import { queryBetween } from "../db/lean/query";
import { dailyStatSchema } from "../db/schemas/daily-stat";
import { lastDays } from "./chart";

/**
 * The creator's stats strip (GET /api/dashboard/stats): two GetItems, the running counter
 * `creator#<id>` and the user (plan, product count), and one Query of the last 30 daily items
 * (memberships ended), however many sales and members exist. Read through the
 * lean layer, so the dashboard-stats Lambda carries no ElectroDB. The Analytics namespace
 * re-exports it.
 */
export interface Stats {
  totalProducts: number;
  totalSales: number;
  /** USD cents only (the figure from before currencies existed); see revenue_by_currency */
  totalRevenue: number;
  /** Minor units per currency, never added together: {usd: 5000, eur: 950}. */
  revenue_by_currency: Partial<Record<Currency, number>>;
  totalCustomers: number;
  /** percent with one decimal: purchases ÷ sales-page views × 100; 0 without views */
  conversionRate: number;
  /** null = unlimited */
  productLimit: number | null;
  plan: string;
  /** Monthly recurring revenue per currency, minor units, never added together (core/src/tally/figures.ts). */
  mrr_by_currency: Partial<Record<Currency, number>>;
  /** Members with paid access: active, past_due, or canceled and running to the period's end. */
  active_members: number;
  trialing_members: number;
  /** Memberships that ended in the last 30 days (today included). */
  churned_members_30d: number;
}

const CreatorId = z.string().check(z.minLength(1));

/** One decimal; no views means no rate rather than a division by zero. */
export function conversionRate(sales: number, views: number): number {
  if (!views || views <= 0) return 0;
  return Math.round((sales / views) * 1000) / 10;
}

const CHURN_DAYS = 30;

function mrrByCurrency(c: CounterItem | null | undefined) {
  const out: Partial<Record<Currency, number>> = {};
  const figures = c as Record<string, number | undefined> | null | undefined;
  for (const currency of CURRENCIES) {
    const n = figures?.[mrrField(currency)] ?? 0;
    if (n) out[currency] = n;
  }
  return out;
}

/** The ends of the last 30 days, from the creator's daily items (one Query). */
async function churned(creatorId: string): Promise<number> {
  const dates = lastDays(CHURN_DAYS);
  const days = await queryBetween<DailyStatItem>(
    dailyStatSchema,
    { scope: `creator#${creatorId}` },
    { date: dates[0]! },
    { date: dates.at(-1)! },
  );
  return days.reduce((sum, d) => sum + (d.members_ended ?? 0), 0);
}

export async function creatorStats(creatorId: string): Promise<Stats> {
  const id = CreatorId.parse(creatorId);
  const [c, u, churnedMembers] = await Promise.all([
    getItem<CounterItem>(counterSchema, { scope: `creator#${id}` }),
    userById(id, { attributes: ["email", "plan", "role", "is_admin", "product_count"] }),
    churned(id),
  ]);
  const plan = planOf(u?.plan);
  const sales = c?.sales ?? 0;
  return {
    // The user's product_count is the figure the plan limit is enforced on, so the strip's
    // "count / limit" always agrees with what the create dialog allows.
    totalProducts: u?.product_count ?? c?.products ?? 0,
    totalSales: sales,
    totalRevenue: c?.revenue ?? 0,
    revenue_by_currency: revenueByCurrency(c),
    totalCustomers: c?.customers ?? 0,
    conversionRate: conversionRate(sales, c?.views ?? 0),
    productLimit: u ? productLimitFor({ ...u, email: u.email ?? "" }) : plan.productLimit,
    plan: plan.id,
    mrr_by_currency: mrrByCurrency(c),
    active_members: c?.members_active ?? 0,
    trialing_members: c?.members_trialing ?? 0,
    churned_members_30d: churnedMembers,
  };
}
