// API latency on loopback against the real local stack (same handlers, DynamoDB Local):
// p50/p95 of GET /api/health and GET /api/public/products/{id}, sequential and 8 at a time.
// Budgets are for a developer machine; a FAIL means a request path got slower (a Scan,
// an N+1 query, a cold import on every call…), not that Lambda in AWS would be this fast.
import { startBenchStack, demoProductId, timeCalls, budget, print } from "./lib.mjs";

const N = Number(process.env.BENCH_REQUESTS ?? 200);
const stack = await startBenchStack();
try {
  const get = (path) => async () => {
    const res = await fetch(`${stack.url}${path}`);
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`${path} answered ${res.status}`);
  };
  const health = await timeCalls(get("/api/health"), { n: N });
  budget("GET /api/health p50", health.p50, 20, "ms");
  budget("GET /api/health p95", health.p95, 60, "ms");

  const id = await demoProductId();
  if (!id) throw new Error("No demo product was seeded (packages/local/src/seed/products.ts): nothing to measure.");
  const product = await timeCalls(get(`/api/public/products/${id}`), { n: N });
  budget("GET /api/public/products/{id} p50", product.p50, 40, "ms");
  budget("GET /api/public/products/{id} p95", product.p95, 100, "ms");

  // 8 shoppers at once: the gateway must not serialise requests behind each other.
  const batch = get(`/api/public/products/${id}`);
  const concurrent = await timeCalls(() => Promise.all(Array.from({ length: 8 }, batch)), {
    n: Math.ceil(N / 8),
    warmup: 3,
  });
  budget("8 concurrent product reads, p95 of the batch", concurrent.p95, 300, "ms");

  const ok = print(`API latency (${N} requests each, loopback, DynamoDB Local)`);
  process.exitCode = ok ? 0 : 1;
} finally {
  await stack.stop();
}
