/**
 * Writes a creator's sales history straight into the table with batch writes, in the same
 * shapes fulfilment writes (purchase items, per-creator customer aggregates, the creator
 * counter and daily items), so tests can build 10,000 sales in seconds. Totals are
 * computed here and put, not added, so calling it again for the same creator replaces
 * the aggregates with those of all purchases written so far (`offset` continues ids).
 */
export interface SalesFixture {
  creatorId: string;
  count: number;
  /** Continue numbering after an earlier call (ids and e-mails stay unique). */
  offset?: number;
  productId?: string;
  productName?: string;
  amount?: number;
  /** Buyers cycle through this many e-mails. */
  buyers?: number;
  /** Sales-page views recorded on every one of the last 30 days. */
  viewsPerDay?: number;
  emailPrefix?: string;
}

const DAY = 86_400_000;

export async function writeSales(f: SalesFixture) {
  // Imported late: entities read Resource, which the test stack sets up first.
  const entities = await import("../src/db/entities");
  const { CounterEntity, CustomerEntity, DailyStatEntity, PurchaseEntity } = entities;
  return straightIntoTable([CounterEntity, CustomerEntity, DailyStatEntity, PurchaseEntity], () => write(f, entities));
}

/**
 * The history stands for sales made over weeks, so it goes straight into DynamoDB Local, not
 * through the front that throttles as DynamoDB does (local/src/dynamo-front): at the front's
 * limits 10,000 purchases on one creator's index partition take minutes, and a burst of them
 * is refused (ProvisionedThroughputExceededException) as DynamoDB would refuse it. What the
 * tests measure is what reads cost afterwards. Nothing else runs while the fixture writes
 * (it is called before the requests it sets up), so the entities' client is swapped for it.
 */
async function straightIntoTable<T>(entities: { setClient(client: unknown): void }[], run: () => Promise<T>) {
  const { inject } = await import("vitest");
  const { DynamoDBClient } = await import("@aws-sdk/client-dynamodb");
  const { dynamo } = await import("../src/db/client");
  const raw = new DynamoDBClient({
    endpoint: inject("dynamoEndpoint"),
    region: process.env.AWS_REGION ?? "local",
    credentials: { accessKeyId: "local", secretAccessKey: "local" },
  });
  for (const e of entities) e.setClient(raw);
  try {
    return await run();
  } finally {
    for (const e of entities) e.setClient(dynamo());
    raw.destroy();
  }
}

async function write(f: SalesFixture, entities: typeof import("../src/db/entities")) {
  const { CounterEntity, CustomerEntity, DailyStatEntity, PurchaseEntity } = entities;
  const { creatorId, count, offset = 0, productId = `prod-${creatorId}`, productName = "Guide", amount = 1500 } = f;
  const buyers = f.buyers ?? 50;
  const prefix = f.emailPrefix ?? `buyer-${creatorId}`;
  const today = Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate());
  const total = offset + count;

  // Every purchase so far (0..total) contributes to the aggregates; only new ones are written.
  const purchaseAt = (i: number) => new Date(today - (i % 30) * DAY + 3_600_000 + (i % 1000) * 1000).toISOString();
  const purchases = [];
  for (let i = offset; i < total; i++) {
    purchases.push({
      id: `cs_${creatorId}_${i}`,
      product_id: productId,
      product_name: productName,
      content_url: "https://content.example.com/guide",
      creator_id: creatorId,
      customer_email: `${prefix}-${i % buyers}@example.com`,
      amount,
      created_at: purchaseAt(i),
    });
  }
  await PurchaseEntity.put(purchases).go({ concurrency: 8 });

  const days = new Map<string, { sales: number; revenue: number }>();
  const customers = new Map<string, { n: number; last: string }>();
  for (let i = 0; i < total; i++) {
    const at = purchaseAt(i);
    const d = days.get(at.slice(0, 10)) ?? { sales: 0, revenue: 0 };
    days.set(at.slice(0, 10), { sales: d.sales + 1, revenue: d.revenue + amount });
    const email = `${prefix}-${i % buyers}@example.com`;
    const c = customers.get(email) ?? { n: 0, last: at };
    customers.set(email, { n: c.n + 1, last: c.last > at ? c.last : at });
  }
  const views = f.viewsPerDay ?? 0;
  const daily = Array.from({ length: 30 }, (_, k) => new Date(today - k * DAY).toISOString().slice(0, 10)).map(
    (date) => ({
      scope: `creator#${creatorId}`,
      date,
      sales: days.get(date)?.sales ?? 0,
      revenue: days.get(date)?.revenue ?? 0,
      views,
    }),
  );
  await DailyStatEntity.put(daily.filter((d) => d.sales || d.views)).go();
  await CustomerEntity.put(
    [...customers].map(([email, c]) => ({
      creator_id: creatorId,
      email,
      total_purchases: c.n,
      total_spent: c.n * amount,
      last_purchase_at: c.last,
      products: [productName],
    })),
  ).go({ concurrency: 4 });
  await CounterEntity.put({
    scope: `creator#${creatorId}`,
    sales: total,
    revenue: total * amount,
    views: views * 30,
    customers: customers.size,
    products: 1,
    active_products: 1,
  }).go();
}
