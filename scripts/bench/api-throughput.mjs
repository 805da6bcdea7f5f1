// Throughput of the public product API through the local gateway (autocannon) next to a bare
// GetItem loop against the same DynamoDB Local, side by side in one run: the gateway, the
// API must reach at least 60% of the requests per second the database alone can serve.
import { join } from "node:path";
import autocannon from "autocannon";
import { root, startBenchStack, demoProductId, budget, floor, print, note, median } from "./lib.mjs";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WARMUP_SECONDS = Math.min(5, SECONDS);
const ROUNDS = 2;
const CONNECTIONS = 10;
const stack = await startBenchStack();
try {
  const id = await demoProductId();
  if (!id) throw new Error("No demo product was seeded: nothing to measure.");
  const { ProductEntity } = await import(join(root, "packages/core/src/db/entities.ts"));
  const { call } = await import(join(root, "packages/core/src/db/lean/call.ts"));

  // The bare loop: the same item, CONNECTIONS requests in flight, through the same client the
  // API's reads use (the lean layer's signed HTTP, cheaper per call than the SDK's), so the
  // share measures what the API adds to a read and nothing else.
  const params = ProductEntity.get({ id }).params();
  const key = Object.fromEntries(Object.entries(params.Key).map(([k, v]) => [k, { S: String(v) }]));
  const input = { TableName: params.TableName, Key: key };
  const bare = async (seconds) => {
    const end = performance.now() + seconds * 1000;
    let count = 0;
    await Promise.all(
      Array.from({ length: CONNECTIONS }, async () => {
        while (performance.now() < end) {
          await call("GetItem", input);
          count++;
        }
      }),
    );
    return count / seconds;
  };
  const api = (seconds) =>
    autocannon({ url: `${stack.url}/api/public/products/${id}`, connections: CONNECTIONS, duration: seconds });

  // Warm both paths once (JIT, connections), then two alternating rounds of each (bare, API,
  // bare, API): a burst of load on the shared machine during one round moves one pair, not the
  // figure. The share compares the medians of the rounds (with two, their means); the p99 is
  // the worse round's, so a steadier figure never makes it easier.
  await bare(WARMUP_SECONDS);
  await api(WARMUP_SECONDS);
  const bareRounds = [];
  const apiRounds = [];
  for (let round = 0; round < ROUNDS; round++) {
    bareRounds.push(await bare(SECONDS));
    const result = await api(SECONDS);
    if (result.non2xx) throw new Error(`${result.non2xx} answers were not 2xx`);
    apiRounds.push(result);
  }
  const bareRps = median(bareRounds);
  const apiRps = median(apiRounds.map((r) => r.requests.average));
  const p50 = median(apiRounds.map((r) => r.latency.p50));
  const p99 = Math.max(...apiRounds.map((r) => r.latency.p99));
  floor("API req/s as a share of bare GetItem req/s", (100 * apiRps) / bareRps, 60, "%");
  budget("GET /api/public/products/{id} p99", p99, 50, "ms");
  note(
    `bare GetItem ${bareRps.toFixed(0)} req/s; API ${apiRps.toFixed(0)} req/s (${((100 * apiRps) / bareRps).toFixed(0)}%), ` +
      `p50 ${p50} ms, p99 ${p99} ms; ${CONNECTIONS} connections, ${ROUNDS} alternating rounds of ${SECONDS} s each`,
  );
  note(
    `rounds: bare ${bareRounds.map((r) => r.toFixed(0)).join(", ")} req/s; ` +
      `API ${apiRounds.map((r) => `${r.requests.average.toFixed(0)} req/s (p99 ${r.latency.p99} ms)`).join(", ")}`,
  );
  const ok = print("Public product API through the local gateway vs a bare GetItem loop");
  process.exitCode = ok ? 0 : 1;
} finally {
  await stack.stop();
}
