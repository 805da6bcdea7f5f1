// Throughput of the public product API through the local gateway (autocannon) next to a bare
// GetItem loop against the same DynamoDB Local, side by side in one run: the gateway, the
// API must reach at least 60% of the requests per second the database alone can serve.
import { createRequire } from "node:module";
import { join } from "node:path";
import autocannon from "autocannon";
import { root, startBenchStack, demoProductId, budget, floor, print, note } from "./lib.mjs";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 10;
const stack = await startBenchStack();
try {
  const id = await demoProductId();
  if (!id) throw new Error("No demo product was seeded: nothing to measure.");
  const { ProductEntity } = await import(join(root, "packages/core/src/db/entities.ts"));
  const { dynamo } = await import(join(root, "packages/core/src/db/client.ts"));
  const { GetItemCommand } = createRequire(join(root, "packages/core/package.json"))("@aws-sdk/client-dynamodb");

  // The bare loop: the same item, CONNECTIONS requests in flight, the same SDK client.
  const params = ProductEntity.get({ id }).params();
  const key = Object.fromEntries(Object.entries(params.Key).map(([k, v]) => [k, { S: String(v) }]));
  const command = new GetItemCommand({ TableName: params.TableName, Key: key });
  const bare = async () => {
    const end = performance.now() + SECONDS * 1000;
    let count = 0;
    await Promise.all(
      Array.from({ length: CONNECTIONS }, async () => {
        while (performance.now() < end) {
          await dynamo().send(command);
          count++;
        }
      }),
    );
    return count / SECONDS;
  };
  const api = () =>
    autocannon({ url: `${stack.url}/api/public/products/${id}`, connections: CONNECTIONS, duration: SECONDS });

  await bare(); // warm both paths once (JIT, connections), then measure them one after the other
  await api();
  const bareRps = await bare();
  const result = await api();
  if (result.non2xx) throw new Error(`${result.non2xx} answers were not 2xx`);
  const apiRps = result.requests.average;
  floor("API req/s as a share of bare GetItem req/s", (100 * apiRps) / bareRps, 60, "%");
  budget("GET /api/public/products/{id} p99", result.latency.p99, 50, "ms");
  note(
    `bare GetItem ${bareRps.toFixed(0)} req/s; API ${apiRps.toFixed(0)} req/s (${((100 * apiRps) / bareRps).toFixed(0)}%), ` +
      `p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms; ${CONNECTIONS} connections, ${SECONDS} s each`,
  );
  const ok = print("Public product API through the local gateway vs a bare GetItem loop");
  process.exitCode = ok ? 0 : 1;
} finally {
  await stack.stop();
}
