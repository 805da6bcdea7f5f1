import { describe, expect, it, afterAll } from "vitest";
import { startDynamoLocal } from "../src/dynamo";
import { startStack, type Stack } from "../src/stack";

describe("GET /api/health", () => {
  let stack: Stack;
  let dynamo: Awaited<ReturnType<typeof startDynamoLocal>>;
  afterAll(async () => {
    await stack?.stop();
    await dynamo?.stop();
  });

  it("answers 200 when the table answers, 503 JSON while the database is down, and recovers", async () => {
    dynamo = await startDynamoLocal();
    stack = await startStack({ port: 0, dynamoEndpoint: dynamo.endpoint, tableName: "health" });
    let res = await fetch(`${stack.url}/api/health`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: "ok" });

    await dynamo.stop();
    res = await fetch(`${stack.url}/api/health`);
    expect(res.status).toBe(503);
    expect(res.headers.get("content-type")).toContain("application/json");
    expect((await res.json()).error).toMatch(/database/i);

    dynamo = await startDynamoLocal({ port: dynamo.port });
    // In-memory data went with the old process; recreating the table is what a restart does.
    const { ensureTable } = await import("../src/dynamo");
    await ensureTable(dynamo.endpoint, "health");
    res = await fetch(`${stack.url}/api/health`);
    expect(res.status).toBe(200);
  }, 120_000); // two DynamoDB Local JVM starts: slow on a busy 2-core machine

  it("unknown API paths answer a JSON 404", async () => {
    const res = await fetch(`${stack.url}/api/does-not-exist`);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: "Not found" });
  });
});
