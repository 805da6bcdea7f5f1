import {
  CustomerEntity,
  BuyerEntity,
  ProductEntity,
  UserEntity,
  EmailEntity,
  type ProductItem,
  type UserItem,
} from "@payloft/core/db/entities";
import { transact } from "@payloft/core/product/store";

/**
 * Demo sales: 30 days of history for creator@demo.local's products, including
 * purchases by buyer@demo.local so the customer portal has content, plus daily sales-page
 * views, so a first `npm start` shows filled charts and a real conversion rate.
 *
 * Each purchase is written in ONE transaction together with everything fulfilment keeps
 * in step with it (customer and buyer aggregates, creator and platform counters, creator /
 * product / platform daily items, the product's own totals), backdated to its day. The
 * purchase is created with a condition, so a second run cancels the whole transaction and
 * nothing is counted twice; the views of a day carry a marker item for the same reason.
 */
const CREATOR = "creator@demo.local";
const BUYER = "buyer@demo.local";
const DAYS = 30;
const DAY = 86_400_000;
const OTHER_BUYERS = [
  "alex.morgan@example.com",
  "priya.shah@example.com",
  "sam.lee@example.com",
  "maria.garcia@example.com",
  "jordan.kim@example.com",
  "chen.wei@example.com",
  "fatima.ali@example.com",
  "lucas.silva@example.com",
  "emma.johnson@example.com",
  "noah.brown@example.com",
  "olivia.davis@example.com",
  "liam.wilson@example.com",
];

/** A small deterministic generator so every start shows the same history. */
function random(seed: number) {
  let s = seed >>> 0;
  return () => (s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32;
}

export async function seed() {
  const creatorId = (await EmailEntity.get({ email: CREATOR }).go()).data?.user_id;
  if (!creatorId) return; // the accounts step did not create the demo creator
  const creator = (await UserEntity.get({ id: creatorId }).go()).data;
  const products = (await ProductEntity.query.byCreator({ creator_id: creatorId }).go({ pages: "all" })).data.filter(
    (p) => p.is_active && p.moderation_status === "approved",
  );
  if (!creator || !products.length) return; // the products step has nothing to sell yet

  const rand = random(7);
  const today = Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate());
  let n = 0;
  for (let back = DAYS - 1; back >= 0; back--) {
    const day = today - back * DAY;
    // A gentle upward trend with day-to-day noise: 0–4 sales, 25–70 views a day.
    const trend = (DAYS - back) / DAYS;
    const sales = Math.floor(rand() * 3 + trend * 2);
    const views = 25 + Math.floor(rand() * 30 + trend * 15);
    for (const product of products) await recordViews(product, Math.round(views / products.length), day);
    for (let i = 0; i < sales; i++) {
      const product = products[Math.floor(rand() * products.length)]!;
      const email = OTHER_BUYERS[Math.floor(rand() * OTHER_BUYERS.length)]!;
      const at = new Date(
        Math.min(day + 8 * 3_600_000 + Math.floor(rand() * 12 * 3_600_000), Date.now() - 60_000 * (i + 1)),
      );
      await recordSale({ id: `cs_demo_${++n}`, product, creator, email, at });
    }
  }
  // The demo buyer owns each product (bought over the last two weeks) so the portal has content.
  for (const [k, product] of products.entries()) {
    const at = new Date(today - (12 - 4 * k) * DAY + 15 * 3_600_000);
    await recordSale({
      id: `cs_demo_buyer_${product.id}`,
      product,
      creator,
      email: BUYER,
      at: at.getTime() > Date.now() ? new Date(Date.now() - 3_600_000) : at,
    });
  }
}

type Product = ProductItem;
type Creator = UserItem;

async function recordSale({
  id,
  product,
  creator,
  email,
  at,
}: {
  id: string;
  product: Product;
  creator: Creator;
  email: string;
  at: Date;
}) {
  const created_at = at.toISOString();
  const date = created_at.slice(0, 10);
  const amount = product.price;
  const [customer, buyer] = await Promise.all([
    CustomerEntity.get({ creator_id: creator.id, email }).go(),
    BuyerEntity.get({ email }).go(),
  ]);
  const newCustomer = !customer.data;
  const buyerUser = (await EmailEntity.get({ email }).go()).data?.user_id;
  // A cancelled first action is "seeded on an earlier start"; a conflict or throttle is retried.
  const codes = await transact(
    ({ purchase, customer: customers, buyer: buyers, counter, daily, product: productItems }) => [
      purchase
        .create({
          id,
          product_id: product.id,
          product_name: product.name,
          product_description: product.description ?? "",
          content_url: product.content_url,
          creator_id: creator.id,
          creator_name: creator.name,
          customer_email: email,
          ...(buyerUser ? { customer_user_id: buyerUser } : {}),
          amount,
          status: "completed",
          provider: "stripe",
          created_at,
        })
        .commit(),
      newCustomer
        ? customers
            .create({
              creator_id: creator.id,
              email,
              total_purchases: 1,
              total_spent: amount,
              last_purchase_at: created_at,
              products: [product.name],
            })
            .commit()
        : customers
            .update({ creator_id: creator.id, email })
            .add({ total_purchases: 1, total_spent: amount, products: [product.name] })
            .set({ last_purchase_at: maxIso(customer.data!.last_purchase_at, created_at) })
            .commit(),
      !buyer.data
        ? buyers
            .create({
              email,
              total_purchases: 1,
              total_spent: amount,
              creators: [creator.id],
              last_purchase_at: created_at,
            })
            .commit()
        : buyers
            .update({ email })
            .add({ total_purchases: 1, total_spent: amount, creators: [creator.id] })
            .set({ last_purchase_at: maxIso(buyer.data.last_purchase_at, created_at) })
            .commit(),
      counter
        .update({ scope: `creator#${creator.id}` })
        .add({ sales: 1, revenue: amount, customers: newCustomer ? 1 : 0 })
        .commit(),
      counter.update({ scope: "platform" }).add({ sales: 1, revenue: amount }).commit(),
      daily
        .update({ scope: `creator#${creator.id}`, date })
        .add({ sales: 1, revenue: amount })
        .commit(),
      daily
        .update({ scope: `product#${product.id}`, date })
        .add({ sales: 1, revenue: amount })
        .commit(),
      daily.update({ scope: "platform", date }).add({ sales: 1, revenue: amount }).commit(),
      productItems.patch({ id: product.id }).add({ sales_count: 1, total_revenue: amount }).commit(),
    ],
  );
  if (codes && codes[0] !== "ConditionalCheckFailed")
    throw new Error(`demo sale ${id} not recorded: ${codes.join(", ")}`);
  return !codes;
}

async function recordViews(product: Product, views: number, day: number) {
  const date = new Date(day).toISOString().slice(0, 10);
  const codes = await transact(({ daily, counter, product: productItems }) => [
    // Marker: exists once the views of this product and day were seeded.
    daily.create({ scope: `seed#views#${product.id}`, date, views }).commit(),
    productItems.patch({ id: product.id }).add({ view_count: views }).commit(),
    counter
      .update({ scope: `creator#${product.creator_id}` })
      .add({ views })
      .commit(),
    daily
      .update({ scope: `creator#${product.creator_id}`, date })
      .add({ views })
      .commit(),
    daily
      .update({ scope: `product#${product.id}`, date })
      .add({ views })
      .commit(),
  ]);
  if (codes && codes[0] !== "ConditionalCheckFailed") throw new Error(`demo views not recorded: ${codes.join(", ")}`);
}

const maxIso = (a: string | undefined, b: string) => (a && a > b ? a : b);
