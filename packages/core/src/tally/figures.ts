import { mrrField, revenueField, salesOf } from "../currency/index";
import { dimensionsOf, trafficScope } from "../traffic/dimensions";
import type { Attribution } from "../traffic/source";

/**
 * What one sale, one reversal or one view adds to which figure: pure, shared by the fold that
 * writes the figures (./fold.ts) and the recount that checks them (core/src/recount), so the two
 * can never disagree about what a purchase is worth.
 *
 * Figures are kept per group, and each group is written in its own transactions:
 *  - `creator#<id>`: the seller's counter and daily items, and the seller's traffic items;
 *  - `product#<id>`: the product's counter (its sales, revenue and views; the product item
 *    itself is no longer written for a sale or a view) and daily items;
 *  - `platform`: the platform's counter and daily items;
 *  - `affiliate#<id>`: the counter of the affiliate who brought the sale (sales, commission).
 */
export interface Sale {
  id: string;
  product_id: string;
  creator_id: string;
  amount: number;
  /** absent on purchases from before currencies existed: usd */
  currency?: string;
  created_at: string;
  /** The sales-page visit its checkout began from, when recorded (traffic analytics). */
  visit?: Attribution;
  /** The affiliate who brought it and their commission, minor units of `currency` (core/src/affiliate). */
  affiliate_id?: string;
  commission?: number;
}

export interface ViewRecord extends Attribution {
  product_id: string;
  creator_id: string;
  date: string;
}

export type Holder = "counter" | "daily" | "traffic";
export type Figures = Record<string, number>;

/** One item's addition. Keys: counter scope; `<scope>|<date>`; `<scope>|<date>|<dimension>|<value>`. */
export interface Addition {
  group: string;
  holder: Holder;
  key: string;
  add: Figures;
}

export const creatorGroup = (creatorId: string) => `creator#${creatorId}`;
export const productGroup = (productId: string) => `product#${productId}`;
export const PLATFORM = "platform";
export const affiliateGroup = (affiliateId: string) => `affiliate#${affiliateId}`;
/** `commission` for USD, `commission_<currency>` otherwise, as revenue is named (core/src/currency). */
export const commissionField = (currency: string) => revenueField(currency).replace("revenue", "commission");
/** What the creator recorded as paid to an affiliate, named like `commissionField` (`paid`, `paid_eur`…). */
export const paidField = (currency: string) => commissionField(currency).replace("commission", "paid");

/**
 * A sale's figures times `sign` (+1 when sold, −1 when refunded or disputed, on the day it was
 * sold). `newCustomer` counts its buyer as the seller's customer (a reversal never takes a
 * customer back: they bought once).
 */
export function saleAdditions(p: Sale, sign: 1 | -1, newCustomer: boolean): Addition[] {
  const currency = p.currency ?? "usd";
  const revenue = { [revenueField(currency)]: sign * p.amount };
  // Counters (averages per currency) and daily items (the chart plots one currency's sales and
  // revenue) count sales per currency too; traffic items do not.
  const counted = { sales: sign, ...salesOf(currency, sign), ...revenue };
  const daily = counted;
  const traffic = { sales: sign, ...revenue };
  const date = p.created_at.slice(0, 10);
  const creator = creatorGroup(p.creator_id);
  const product = productGroup(p.product_id);
  return [
    { group: creator, holder: "counter", key: creator, add: { ...counted, customers: newCustomer ? 1 : 0 } },
    { group: creator, holder: "daily", key: `${creator}|${date}`, add: daily },
    ...(p.visit ? dimensionsOf(p.visit) : []).map(([dimension, value]): Addition => ({
      group: creator,
      holder: "traffic",
      key: [trafficScope(p.creator_id), date, dimension, value].join("|"),
      add: traffic,
    })),
    { group: product, holder: "counter", key: product, add: counted },
    { group: product, holder: "daily", key: `${product}|${date}`, add: daily },
    { group: PLATFORM, holder: "counter", key: PLATFORM, add: counted },
    { group: PLATFORM, holder: "daily", key: `${PLATFORM}|${date}`, add: daily },
    // The affiliate's balance with this creator moves with the sale, from the same record.
    ...(p.affiliate_id && p.commission
      ? [affiliateAddition(p.affiliate_id, { sales: sign, [commissionField(currency)]: sign * p.commission })]
      : []),
  ];
}

const affiliateAddition = (id: string, add: Figures): Addition => ({
  group: affiliateGroup(id),
  holder: "counter",
  key: affiliateGroup(id),
  add,
});

/** A click on an affiliate's link (core/src/affiliate/clicks.ts): the affiliate's counter only. */
export const clickAdditions = (affiliateId: string): Addition[] => [affiliateAddition(affiliateId, { clicks: 1 })];

/** A view: the seller's and the product's figures and the seller's traffic items (views are not platform figures). */
export function viewAdditions(v: ViewRecord): Addition[] {
  const creator = creatorGroup(v.creator_id);
  const product = productGroup(v.product_id);
  const one = { views: 1 };
  return [
    { group: creator, holder: "counter", key: creator, add: one },
    { group: creator, holder: "daily", key: `${creator}|${v.date}`, add: one },
    ...dimensionsOf(v).map(([dimension, value]): Addition => ({
      group: creator,
      holder: "traffic",
      key: [trafficScope(v.creator_id), v.date, dimension, value].join("|"),
      add: one,
    })),
    { group: product, holder: "counter", key: product, add: one },
    { group: product, holder: "daily", key: `${product}|${v.date}`, add: one },
  ];
}

/** A membership's stored state as the stream shows it (core/src/membership/state.ts writes it). */
export interface MembershipRecord {
  id: string;
  creator_id: string;
  status: string;
  amount: number;
  currency: string;
  interval: string;
  ended_at?: string;
}

const MONTHS: Record<string, number> = { month: 1, quarter: 3, year: 12 };
/** One period's price as a month's, rounded per membership (so the recount adds the same). */
export const monthlyAmount = (amount: number, interval: string) => Math.round(amount / (MONTHS[interval] ?? 1));

/**
 * What a membership in its state counts for on its seller's counter: a member with paid access
 * (active, past_due, or canceled and running to its period's end) is active; a trial is counted
 * apart; MRR is only what will be charged again (active and past_due: not a trial, not a
 * membership set to end). An ended one counts for nothing.
 */
export function membershipFigures(m: MembershipRecord | undefined): Figures {
  if (m?.status === "trialing") return { members_trialing: 1 };
  if (m?.status === "active" || m?.status === "past_due")
    return { members_active: 1, [mrrField(m.currency)]: monthlyAmount(m.amount, m.interval) };
  if (m?.status === "canceled") return { members_active: 1 };
  return {};
}

/**
 * A membership's write moves its seller's figures by the difference between what it counts
 * for now and before; its end adds one to that day's `members_ended`. Ended is final, so the
 * end is counted once.
 */
export function membershipAdditions(before: MembershipRecord | undefined, now: MembershipRecord): Addition[] {
  const creator = creatorGroup(now.creator_id);
  const add: Figures = { ...membershipFigures(now) };
  for (const [f, n] of Object.entries(membershipFigures(before))) add[f] = (add[f] ?? 0) - n;
  const moved = Object.fromEntries(Object.entries(add).filter(([, n]) => n !== 0));
  const out: Addition[] = [];
  if (Object.keys(moved).length) out.push({ group: creator, holder: "counter", key: creator, add: moved });
  if (now.status === "ended" && before?.status !== "ended" && now.ended_at) {
    const date = now.ended_at.slice(0, 10);
    out.push({ group: creator, holder: "daily", key: `${creator}|${date}`, add: { members_ended: 1 } });
  }
  return out;
}

/** The sum of additions per item, in first-seen order. */
export function sumByItem(additions: Addition[]): Addition[] {
  const out = new Map<string, Addition>();
  for (const a of additions) {
    const id = `${a.holder}|${a.key}`;
    const row = out.get(id) ?? { ...a, add: {} };
    for (const [f, n] of Object.entries(a.add)) row.add[f] = (row.add[f] ?? 0) + n;
    out.set(id, row);
  }
  return [...out.values()];
}
