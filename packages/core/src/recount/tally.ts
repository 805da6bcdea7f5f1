import { CURRENCIES } from "../currency/units";
import { MRR_FIELDS, REVENUE_FIELDS, SALES_FIELDS, SPENT_FIELDS, spentField } from "../currency/index";
import {
  affiliateGroup,
  commissionField,
  creatorGroup,
  membershipFigures,
  paidField,
  PLATFORM,
  saleAdditions,
  type MembershipRecord,
} from "../tally/figures";
import { markId, saleRecordId } from "../tally/marks";
import type { Attribution } from "../traffic/source";

/**
 * What the sales records say every sales figure should be. Pure: the purchases in, the
 * expected figures out, keyed like the items that hold them. A purchase counts while its
 * status is "completed"; a refunded or disputed one has been taken back (its figures reversed
 * on the day it was sold), but its buyer stays the seller's customer.
 */
export interface SaleRecord {
  id: string;
  product_id: string;
  creator_id: string;
  customer_email: string;
  amount: number;
  /** absent on purchases from before currencies existed: usd */
  currency?: string;
  status: string;
  created_at: string;
  /** The sales-page visit its checkout began from (traffic analytics), when recorded. */
  visit?: Attribution;
  /** The affiliate who brought it and their commission (minor units of `currency`), when one did. */
  affiliate_id?: string;
  commission?: number;
  /** 1: its figures are the fold's to add and take back (core/src/tally); absent on purchases from before the fold. */
  tally?: number;
  /** ISO: when it was refunded or disputed. */
  reversed_at?: string;
}

/** The figure holders a purchase moves (packages/core/src/purchase/ledger.ts writes them). */
export type Holder = "counter" | "daily" | "product" | "customer" | "buyer" | "traffic";
export type Figures = Record<string, number>;

/**
 * holder → key → field → value. Keys: counter scope; `<scope>|<date>`; product id;
 * `<creator>|<email>`; e-mail; `<scope>|<date>|<dimension>|<value>` (traffic values have no "|").
 */
export type Tally = Record<Holder, Map<string, Figures>>;

export const emptyTally = (): Tally => ({
  counter: new Map(),
  daily: new Map(),
  product: new Map(),
  customer: new Map(),
  buyer: new Map(),
  traffic: new Map(),
});

/** The fields of each holder that the sales records decide (views, users and the like are not theirs). */
export const FIELDS: Record<Holder, readonly string[]> = {
  counter: [
    "sales",
    ...SALES_FIELDS,
    ...REVENUE_FIELDS,
    "customers",
    "members_active",
    "members_trialing",
    ...MRR_FIELDS,
  ],
  daily: ["sales", ...SALES_FIELDS, ...REVENUE_FIELDS, "members_ended"],
  product: ["sales_count", "total_revenue"],
  customer: ["total_purchases", ...SPENT_FIELDS],
  buyer: ["total_purchases", ...SPENT_FIELDS],
  // Views are the beacon's, not the sales records'.
  traffic: ["sales", ...REVENUE_FIELDS],
};

/**
 * An affiliate's counter (`affiliate#<id>`): the sales they brought and their commission per
 * currency (from the purchases), and what the creator recorded as paid (from the affiliate's
 * payout history, written in the same transaction). Clicks are not here: like views, their
 * items expire after three days, so the counter is their only record.
 */
export const AFFILIATE_FIELDS: readonly string[] = [
  "sales",
  ...CURRENCIES.map(commissionField),
  ...CURRENCIES.map(paidField),
];

/** The platform counter has no customers or members figures (buyers are counted on their own items). */
export const fieldsOf = (holder: Holder, key: string) =>
  holder === "counter" && key === "platform"
    ? ["sales", ...SALES_FIELDS, ...REVENUE_FIELDS]
    : holder === "counter" && key.startsWith(affiliateGroup(""))
      ? AFFILIATE_FIELDS
      : FIELDS[holder];

function bump(t: Tally, holder: Holder, key: string, add: Figures) {
  const row = t[holder].get(key) ?? Object.fromEntries(fieldsOf(holder, key).map((f) => [f, 0]));
  for (const [field, n] of Object.entries(add)) row[field] = (row[field] ?? 0) + n;
  t[holder].set(key, row);
}

/**
 * Expected figures of the given purchases: what the figures fold (core/src/tally) adds for
 * each of them while it counts (saleAdditions, the one definition of a sale's figures), plus the
 * customer and buyer totals its own transaction keeps. `platform` false leaves out the
 * platform-wide holders (used when only one seller's records were read). A product's figures
 * are its counter (`product#<id>`) on top of what its item held before the fold existed.
 */
export function tally(purchases: SaleRecord[], opts: { platform: boolean; notFolded?: ReadonlySet<string> }): Tally {
  const t = emptyTally();
  const seen = new Set<string>();
  const folded = (record: string, group: string) => !opts.notFolded?.has(markId(record, group));
  for (const p of purchases) {
    const counts = p.status === "completed";
    const customerKey = `${p.creator_id}|${p.customer_email}`;
    const firstTime = !seen.has(customerKey);
    seen.add(customerKey);
    // A reversed sale is the sale plus its reversal: nothing but its buyer becoming a customer.
    // Each only once the fold has counted it into that group (./folded.ts).
    for (const a of saleAdditions(p, 1, firstTime)) {
      const sold = folded(saleRecordId(p.id, "+"), a.group) ? 1 : 0;
      const reversed = !counts && folded(saleRecordId(p.id, "-"), a.group) ? 1 : 0;
      const add = Object.fromEntries(
        Object.entries(a.add).map(([f, n]) => [f, n * sold - (f === "customers" ? 0 : n * reversed)]),
      );
      if (a.group === PLATFORM && !opts.platform) continue;
      if (a.holder === "counter" && a.key.startsWith("product#")) {
        const revenue = REVENUE_FIELDS.reduce((s, f) => s + (add[f] ?? 0), 0);
        bump(t, "product", a.key.slice("product#".length), { sales_count: add.sales ?? 0, total_revenue: revenue });
      } else bump(t, a.holder, a.key, add);
    }
    const sales = counts ? 1 : 0;
    // Customers and buyers keep spending per currency too (`total_spent` is USD).
    const spent = { [spentField(p.currency ?? "usd")]: counts ? p.amount : 0 };
    bump(t, "customer", customerKey, { total_purchases: sales, ...spent });
    bump(t, "buyer", p.customer_email, { total_purchases: sales, ...spent });
  }
  return t;
}

/**
 * Expected membership figures: what each membership counts for in its state today
 * (membershipFigures, the fold's own definition) on its seller's counter, and each end on the
 * day it ended.
 */
export function tallyMemberships(t: Tally, memberships: MembershipRecord[]): void {
  for (const m of memberships) {
    const creator = creatorGroup(m.creator_id);
    bump(t, "counter", creator, membershipFigures(m));
    if (m.status === "ended" && m.ended_at)
      bump(t, "daily", `${creator}|${m.ended_at.slice(0, 10)}`, { members_ended: 1 });
  }
}

/** A payout the creator recorded ("Mark as paid"), as the affiliate's history keeps it. */
export interface PayoutRecord {
  affiliate_id: string;
  amount: number;
  currency: string;
}

/** Expected `paid` figures: the sum of each affiliate's recorded payouts per currency. */
export function tallyPayouts(t: Tally, payouts: PayoutRecord[]): void {
  for (const p of payouts) bump(t, "counter", affiliateGroup(p.affiliate_id), { [paidField(p.currency)]: p.amount });
}

export interface Difference {
  holder: Holder;
  key: string;
  field: string;
  stored: number;
  expected: number;
}

/**
 * Every figure where the stored items disagree with the expected tally. A key present on
 * either side is compared (a stored figure with no sales behind it is expected to be 0).
 */
export function compare(expected: Tally, stored: Tally): Difference[] {
  const out: Difference[] = [];
  for (const holder of Object.keys(FIELDS) as Holder[]) {
    const keys = new Set([...expected[holder].keys(), ...stored[holder].keys()]);
    for (const key of [...keys].sort()) {
      for (const field of fieldsOf(holder, key)) {
        const want = expected[holder].get(key)?.[field] ?? 0;
        const have = stored[holder].get(key)?.[field] ?? 0;
        if (want !== have) out.push({ holder, key, field, stored: have, expected: want });
      }
    }
  }
  return out;
}
