import {
  BuyerEntity,
  CounterEntity,
  CustomerEntity,
  DailyStatEntity,
  ProductEntity,
  PurchaseEntity,
  TrafficStatEntity,
  UserEntity,
} from "../db/entities";
import { REVENUE_FIELDS } from "../currency/index";
import { trafficScope } from "../traffic/dimensions";
import { everyPurchase } from "../purchase/all";
import { payoutHistories } from "../affiliate/payouts";
import { affiliateGroup } from "../tally/figures";
import { emptyTally, fieldsOf, type Holder, type PayoutRecord, type SaleRecord, type Tally } from "./tally";

/**
 * Reads for the recount: the sales records, and the figures stored on the items a purchase
 * moves. An operator's tool, never a request path: it queries whole partitions and indexes
 * (no Scan), one seller's or the whole platform's.
 */
export interface Scope {
  /** One seller's records and figures; without it, every seller's and the platform's. */
  creatorId?: string;
}

const toRecord = (p: SaleRecord): SaleRecord => ({
  id: p.id,
  product_id: p.product_id,
  creator_id: p.creator_id,
  customer_email: p.customer_email,
  amount: p.amount,
  currency: p.currency ?? "usd",
  status: p.status,
  created_at: p.created_at,
  ...(p.visit ? { visit: p.visit } : {}),
  ...(p.affiliate_id ? { affiliate_id: p.affiliate_id, commission: p.commission ?? 0 } : {}),
  ...(p.tally ? { tally: p.tally } : {}),
  ...(p.reversed_at ? { reversed_at: p.reversed_at } : {}),
});

type Read = SaleRecord & { refunded_at?: string; disputed_at?: string };
const fromItem = (p: Read): SaleRecord => {
  const reversed_at = p.refunded_at ?? p.disputed_at;
  return toRecord({ ...p, ...(reversed_at ? { reversed_at } : {}) });
};

export async function readPurchases(scope: Scope): Promise<SaleRecord[]> {
  const res = scope.creatorId
    ? await PurchaseEntity.query.byCreator({ creator_id: scope.creatorId }).go({ pages: "all" })
    : { data: await everyPurchase() };
  return res.data.map(fromItem);
}

/** Sellers and products to look at: those the records name plus those that exist today. */
async function subjects(scope: Scope, purchases: SaleRecord[]) {
  const creators = new Set(purchases.map((p) => p.creator_id));
  const productIds = new Set(purchases.map((p) => p.product_id));
  if (scope.creatorId) {
    creators.add(scope.creatorId);
    const own = await ProductEntity.query.byCreator({ creator_id: scope.creatorId }).go({ pages: "all" });
    for (const p of own.data) productIds.add(p.id);
  } else {
    const [users, products] = await Promise.all([
      UserEntity.query.all({}).go({ pages: "all", attributes: ["id"] }),
      ProductEntity.query.all({}).go({ pages: "all", attributes: ["id"] }),
    ]);
    for (const u of users.data) creators.add(u.id);
    for (const p of products.data) productIds.add(p.id);
  }
  return { creators: [...creators], productIds: [...productIds] };
}

const pick = (holder: Holder, key: string, item: Record<string, unknown>) =>
  Object.fromEntries(fieldsOf(holder, key).map((f) => [f, Number(item[f] ?? 0)]));

/** Runs `fn` over `items` a few at a time (DynamoDB Local and small tables alike stay responsive). */
async function inBatches<T>(items: T[], fn: (item: T) => Promise<void>, size = 10) {
  for (let i = 0; i < items.length; i += size) await Promise.all(items.slice(i, i + size).map(fn));
}

/**
 * The stored figures of every holder in scope, the ids of the products that still exist
 * (a deleted product's own totals are gone with it; its daily rows stay), and the payouts
 * recorded to the sellers' affiliates (the records their `paid` figures follow).
 */
export async function readStored(scope: Scope, purchases: SaleRecord[]) {
  const { creators, productIds } = await subjects(scope, purchases);
  const t: Tally = emptyTally();
  const counterScopes = [...creators.map((c) => `creator#${c}`), ...(scope.creatorId ? [] : ["platform"])];
  const dailyScopes = [...counterScopes, ...productIds.map((p) => `product#${p}`)];

  await inBatches(counterScopes, async (s) => {
    const item = (await CounterEntity.get({ scope: s }).go({ consistent: true })).data;
    if (item) t.counter.set(s, pick("counter", s, item));
  });
  await inBatches(dailyScopes, async (s) => {
    const rows = await DailyStatEntity.query.primary({ scope: s }).go({ pages: "all", consistent: true });
    for (const row of rows.data) t.daily.set(`${s}|${row.date}`, pick("daily", s, row));
  });
  const existing = new Set<string>();
  await inBatches(productIds, async (id) => {
    const [item, counter] = await Promise.all([
      ProductEntity.get({ id }).go({ attributes: ["id", "sales_count", "total_revenue"] }),
      CounterEntity.get({ scope: `product#${id}` }).go({ consistent: true }),
    ]);
    if (!item.data) return;
    existing.add(id);
    // What the product item held before the figures fold, plus its counter since.
    const c = counter.data;
    t.product.set(id, {
      sales_count: (item.data.sales_count ?? 0) + (c?.sales ?? 0),
      total_revenue: (item.data.total_revenue ?? 0) + REVENUE_FIELDS.reduce((n, f) => n + Number(c?.[f] ?? 0), 0),
    });
  });
  const payouts: PayoutRecord[] = [];
  await inBatches(creators, async (c) => {
    // Every affiliate a seller ever had (removed ones too: their figures stay), and the counter of each.
    for (const a of await payoutHistories(c)) {
      for (const p of a.payouts) payouts.push({ affiliate_id: a.id, amount: p.amount, currency: p.currency });
      const scope = affiliateGroup(a.id);
      const item = (await CounterEntity.get({ scope }).go({ consistent: true })).data;
      if (item) t.counter.set(scope, pick("counter", scope, item));
    }
    const rows = await CustomerEntity.query.primary({ creator_id: c }).go({ pages: "all" });
    for (const row of rows.data) t.customer.set(`${c}|${row.email}`, pick("customer", "", row));
    const traffic = await TrafficStatEntity.query
      .primary({ scope: trafficScope(c) })
      .go({ pages: "all", consistent: true });
    for (const row of traffic.data) {
      const key = [row.scope, row.date, row.dimension, row.value].join("|");
      t.traffic.set(key, pick("traffic", key, row));
    }
  });
  if (scope.creatorId) {
    // A buyer's totals span every seller they bought from: compare them only when all their records were read.
    const emails = [...new Set(purchases.map((p) => p.customer_email))];
    await inBatches(emails, async (email) => {
      const item = (await BuyerEntity.get({ email }).go()).data;
      if (item) t.buyer.set(email, pick("buyer", email, item));
    });
  } else {
    const rows = await BuyerEntity.query.primary({}).go({ pages: "all" });
    for (const row of rows.data) t.buyer.set(row.email, pick("buyer", row.email, row));
  }
  return { stored: t, existingProducts: existing, payouts };
}

/** All of a buyer's records (their totals cover every seller), for a one-seller recount. */
export async function readBuyerPurchases(emails: string[]): Promise<SaleRecord[]> {
  const out: SaleRecord[] = [];
  await inBatches(emails, async (email) => {
    const res = await PurchaseEntity.query.byCustomer({ customer_email: email }).go({ pages: "all" });
    out.push(...res.data.map(fromItem));
  });
  return out;
}
