// Dashboard reads stay flat however many sales a creator has: the stats strip and the chart
// read counters and daily aggregates kept at write time, never the sales themselves. Two
// creators, one with 10 sales and one with 10,000 (same 30 days), each read 20 times; the
// DynamoDB calls per read and the median latency may differ by at most 10%.
import { join } from "node:path";
import { root, startBenchStack, budget, print, note } from "./lib.mjs";

const READS = 20;
const DAY = 86_400_000;
const stack = await startBenchStack();
try {
  const { signIn } = await import(join(root, "packages/local/src/testing/auth.ts"));
  const { PurchaseEntity, CounterEntity, DailyStatEntity } = await import(
    join(root, "packages/core/src/db/entities.ts")
  );
  const { dynamo } = await import(join(root, "packages/core/src/db/client.ts"));
  let calls = 0;
  dynamo().middlewareStack.add((next) => (args) => (calls++, next(args)), { step: "initialize", name: "benchCount" });

  /** A creator with `sales` purchases over 30 days, with the aggregates fulfilment would have kept. */
  async function creatorWithSales(email, sales) {
    const cookie = await signIn(stack, { email, name: email.split("@")[0] });
    const role = await fetch(`${stack.url}/api/profile/role`, {
      method: "POST",
      headers: { cookie, "content-type": "application/json", origin: stack.url },
      body: JSON.stringify({ role: "creator" }),
    });
    const { id } = await role.json();
    const today = Date.now();
    const perDay = new Map();
    const items = Array.from({ length: sales }, (_, i) => {
      const at = new Date(today - (i % 30) * DAY - 60_000);
      const date = at.toISOString().slice(0, 10);
      perDay.set(date, (perDay.get(date) ?? 0) + 1);
      return {
        id: `cs_bench_${id}_${i}`,
        product_id: `bench_product_${id}`,
        product_name: "Bench kit",
        content_url: "https://example.com/kit",
        creator_id: id,
        creator_name: email,
        customer_email: `buyer${i % 500}@bench.local`,
        amount: 1000,
        created_at: at.toISOString(),
      };
    });
    for (let i = 0; i < items.length; i += 500) await PurchaseEntity.put(items.slice(i, i + 500)).go();
    await CounterEntity.update({ scope: `creator#${id}` })
      .add({ sales, revenue: sales * 1000, customers: Math.min(sales, 500) })
      .go();
    for (const [date, n] of perDay)
      await DailyStatEntity.update({ scope: `creator#${id}`, date })
        .add({ sales: n, revenue: n * 1000 })
        .go();
    return cookie;
  }

  async function reads(cookie) {
    const out = {};
    for (const path of ["/api/dashboard/stats", "/api/dashboard/chart-data"]) {
      const times = [];
      const before = calls;
      for (let i = 0; i < READS; i++) {
        const t = performance.now();
        const res = await fetch(`${stack.url}${path}`, { headers: { cookie } });
        await res.arrayBuffer();
        if (res.status !== 200) throw new Error(`${path} answered ${res.status}`);
        times.push(performance.now() - t);
      }
      times.sort((a, b) => a - b);
      out[path] = { calls: (calls - before) / READS, p50: times[Math.floor(READS / 2)] };
    }
    return out;
  }

  const small = await creatorWithSales("ten-sales@bench.local", 10);
  const big = await creatorWithSales("ten-thousand-sales@bench.local", 10_000);
  await reads(small); // warm-up
  const [a, b] = [await reads(small), await reads(big)];
  for (const path of Object.keys(a)) {
    const diff = (x, y) => (100 * Math.abs(y - x)) / Math.max(x, 1e-9);
    budget(`${path}: DynamoDB calls, 10k vs 10 sales`, diff(a[path].calls, b[path].calls), 10, "%");
    budget(`${path}: median latency, 10k vs 10 sales`, diff(a[path].p50, b[path].p50), 10, "%");
    note(
      `${path}: ${a[path].calls} → ${b[path].calls} DynamoDB calls per read, ` +
        `p50 ${a[path].p50.toFixed(1)} → ${b[path].p50.toFixed(1)} ms (10 → 10,000 sales)`,
    );
  }
  const ok = print(`Dashboard reads with 10 and 10,000 sales (${READS} reads each)`);
  process.exitCode = ok ? 0 : 1;
} finally {
  await stack.stop();
}
