import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startDynamoLocal, type DynamoLocal } from "../src/dynamo";
import { startStack, type Stack } from "../src/stack";
import { call } from "../src/testing/index";
import { signIn } from "../src/testing/auth";

/**
 * A frozen database: DynamoDB Local's JVM is stopped with SIGSTOP, so connections open but
 * nothing ever answers (the way a hung or partitioned table behaves). Every call must answer
 * a clean 503 JSON within 10 s, and work again once the database thaws, without a restart.
 */
let dynamo: DynamoLocal;
let stack: Stack;
let cookie: string;
let frozen = false;

const freeze = () => {
  process.kill(dynamo.pid!, "SIGSTOP");
  frozen = true;
};
const thaw = () => {
  if (frozen) process.kill(dynamo.pid!, "SIGCONT");
  frozen = false;
};

beforeAll(async () => {
  dynamo = await startDynamoLocal();
  stack = await startStack({ port: 0, dynamoEndpoint: dynamo.endpoint, tableName: "frozen" });
  cookie = await signIn(stack, { email: "fay@example.com", name: "Fay" });
}, 120_000); // its own JVM: slow to start on a busy machine

afterAll(async () => {
  thaw();
  await stack?.stop();
  await dynamo?.stop();
});

const calls: [string, string, { body?: unknown; signedIn?: boolean }][] = [
  ["GET", "/api/public/products/p-none", {}],
  ["GET", "/api/profile", { signedIn: true }],
  ["POST", "/api/checkout/create-session", { body: { productId: "p-none" } }],
  ["GET", "/api/health", {}],
];

describe("a frozen database", () => {
  it("is answered with 503 JSON within 10 s on every kind of call, then recovers by itself", async () => {
    expect(dynamo.pid).toBeTypeOf("number");
    for (const [method, path, opts] of calls) {
      const res = await call(stack, method, path, { body: opts.body, cookie: opts.signedIn ? cookie : undefined });
      expect(res.status, `${method} ${path} before the freeze`).toBeLessThan(500);
    }

    freeze();
    const timings: Record<string, number> = {};
    for (const [method, path, opts] of calls) {
      const started = Date.now();
      const res = await call(stack, method, path, { body: opts.body, cookie: opts.signedIn ? cookie : undefined });
      timings[`${method} ${path}`] = Date.now() - started;
      expect(res.status, `${method} ${path}`).toBe(503);
      expect(res.headers.get("content-type")).toContain("application/json");
      expect(res.json.error, `${method} ${path}`).toMatch(/temporarily unavailable|not reachable/i);
      expect(res.text).not.toMatch(/\bat .+\(.*:\d+:\d+\)|TimeoutError|ECONN|stack/i);
      expect(timings[`${method} ${path}`], `${method} ${path} took too long`).toBeLessThan(10_000);
    }
    console.info("answer times with the database frozen (ms):", timings);

    thaw();
    for (const [method, path, opts] of calls) {
      const res = await call(stack, method, path, { body: opts.body, cookie: opts.signedIn ? cookie : undefined });
      expect(res.status, `${method} ${path} after the thaw`).toBeLessThan(500);
    }
  }, 90_000);
});
