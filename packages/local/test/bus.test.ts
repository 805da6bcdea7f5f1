import { describe, expect, it } from "vitest";
import { subscribers } from "@payloft/functions/subscribers";
import { useStack } from "../src/testing/index";

/**
 * The bus on the real EventBridge envelope: what sst/aws/bus sends (a PutEvents request) is what
 * the local bus receives, and subscribers see exactly what Lambda would hand them. That code
 * reads an event only through its envelope (detail.properties, detail.metadata) is a lint rule.
 */
const stack = useStack();

async function load() {
  stack();
  const { Resource } = await import("sst");
  const { bus } = await import("sst/aws/bus");
  const events = await import("@payloft/core/bus/events");
  const { Bus, PUBLISH_ATTEMPTS } = await import("@payloft/core/bus/index");
  return { Resource, bus, Bus, PUBLISH_ATTEMPTS, ...events };
}

/** The subscribers an event type reaches, by name, sorted (several may take one type). */
const takersOf = (type: string) =>
  subscribers
    .filter((s) => s.detailTypes.includes(type))
    .map((s) => s.name)
    .sort();

const paid = (checkout: string) => ({
  provider: "stripe" as const,
  provider_event_id: `evt_${checkout}`,
  occurred_at: 1_800_000_000,
  seller_id: "seller-nobody",
  checkout_id: checkout,
  amount: 1234,
  currency: "usd",
  buyer_email: "bus@example.com",
});

/** Runs `fn` with fetch replaced by a recorder that answers like EventBridge; returns what was sent. */
async function capturePutEvents(fn: () => Promise<unknown>) {
  const sent: { url: string; headers: Headers; body: string }[] = [];
  const original = globalThis.fetch;
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const req = input instanceof Request ? input : new Request(input, init);
    sent.push({ url: req.url, headers: req.headers, body: await req.text() });
    return new Response(JSON.stringify({ FailedEntryCount: 0, Entries: [{ EventId: "captured" }] }), { status: 200 });
  }) as typeof fetch;
  try {
    await fn();
  } finally {
    globalThis.fetch = original;
  }
  return sent;
}

describe("local bus: the PutEvents request SST sends", () => {
  it("SST's own bus.publish request, fed to the local bus, reaches the subscriber as Lambda's EventBridge event", async () => {
    const { Resource, bus, PurchasePaid } = await load();
    const [request] = await capturePutEvents(() => bus.publish(Resource.Bus, PurchasePaid, paid("cs_envelope_1")));
    expect(request!.url).toBe("https://events.local.amazonaws.com/");
    expect(request!.headers.get("x-amz-target")).toBe("AWSEvents.PutEvents");
    expect(request!.headers.get("authorization")).toMatch(/^AWS4-HMAC-SHA256 /);
    const body = JSON.parse(request!.body);
    expect(body).toEqual({
      Entries: [
        {
          Source: "payloft.local",
          DetailType: "purchase.paid",
          Detail: expect.any(String),
          EventBusName: Resource.Bus.name,
        },
      ],
    });
    const detail = JSON.parse(body.Entries[0].Detail);
    expect(Object.keys(detail).sort()).toEqual(["metadata", "properties"]);
    expect(detail.properties).toEqual(paid("cs_envelope_1"));
    expect(detail.metadata.published_at).toMatch(/^\d{4}-\d\d-\d\dT/);

    const answer = stack().bus.putEvents(request!.body);
    expect(answer).toEqual({ FailedEntryCount: 0, Entries: [{ EventId: expect.any(String) }] });
    await stack().bus.idle();
    const delivery = stack().bus.deliveries.find(
      (d) => d.event.id === answer.Entries[0]!.EventId && d.subscriber === "FulfilPurchase",
    );
    expect(delivery).toMatchObject({ ok: true, attempts: 1 });
    expect(delivery!.event).toEqual({
      version: "0",
      id: answer.Entries[0]!.EventId,
      "detail-type": "purchase.paid",
      source: "payloft.local",
      account: "000000000000",
      time: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/),
      region: "local",
      resources: [],
      detail,
    });

    // What the handler's callback gets is sst's bus.subscriber unwrapping of that event.
    const { subscriber } = await import("@payloft/functions/events/subscriber");
    let seen: unknown;
    await subscriber([PurchasePaid], async (e) => {
      seen = e;
    })(delivery!.event, {} as never, () => {});
    expect(seen).toEqual({ type: "purchase.paid", properties: paid("cs_envelope_1"), metadata: detail.metadata });
  });

  it("the product's publisher goes through that same request (no second path)", async () => {
    const { Bus, PurchasePaid, emit } = await load();
    const before = stack().bus.requests.length;
    const id = await Bus.publish(emit(PurchasePaid, paid("cs_envelope_2")));
    expect(stack().bus.requests.length).toBe(before + 1);
    const entry = JSON.parse(stack().bus.requests.at(-1)!).Entries[0];
    expect(entry).toMatchObject({ Source: "payloft.local", DetailType: "purchase.paid" });
    expect(JSON.parse(entry.Detail).properties.checkout_id).toBe("cs_envelope_2");
    await stack().bus.idle();
    const reached = stack()
      .bus.deliveries.filter((d) => d.event.id === id)
      .map((d) => d.subscriber);
    expect(reached.sort()).toEqual(takersOf("purchase.paid"));
  });

  it("answers malformed requests and entries like EventBridge", async () => {
    stack();
    const bus = stack().bus;
    expect(() => bus.putEvents(JSON.stringify({ Entries: [] }))).toThrow(/length between 1 and 10/);
    const answer = bus.putEvents(
      JSON.stringify({
        Entries: [
          { Source: "payloft.local", DetailType: "purchase.paid", Detail: "{not json", EventBusName: "local-bus" },
          { DetailType: "purchase.paid", Detail: "{}", EventBusName: "local-bus" },
          { Source: "payloft.local", DetailType: "purchase.paid", Detail: "{}", EventBusName: "someone-elses-bus" },
        ],
      }),
    );
    expect(answer.FailedEntryCount).toBe(3);
    expect(answer.Entries.map((e) => e.ErrorCode)).toEqual(["MalformedDetail", "InvalidArgument", "InvalidArgument"]);
  });
});

describe("publishing: the request and its time limits", () => {
  it("Bus.publish sends the very request SST's bus.publish sends, headers and entry", async () => {
    const { Resource, bus, Bus, PurchasePaid, emit } = await load();
    const [sst] = await capturePutEvents(() => bus.publish(Resource.Bus, PurchasePaid, paid("cs_same")));
    const [ours] = await capturePutEvents(() => Bus.publish(emit(PurchasePaid, paid("cs_same"))));
    const shape = (r: typeof sst) => {
      const body = JSON.parse(r!.body);
      const detail = JSON.parse(body.Entries[0].Detail);
      return {
        url: r!.url,
        target: r!.headers.get("x-amz-target"),
        type: r!.headers.get("content-type"),
        signed: r!.headers
          .get("authorization")
          ?.replace(/Signature=\w+/, "")
          .replace(/\d{8}\//, "DATE/"),
        entry: { ...body.Entries[0], Detail: { ...detail, metadata: Object.keys(detail.metadata) } },
      };
    };
    expect(shape(ours)).toEqual(shape(sst));
  });

  it("EventBridge answering 500 gets our three attempts, not the signer's ten retries of each", async () => {
    const { Bus, PurchasePaid, emit, PUBLISH_ATTEMPTS } = await load();
    const before = stack().bus.requests.length;
    stack().bus.failNextRequests(100, "error");
    await expect(Bus.publish(emit(PurchasePaid, paid("cs_outage")))).rejects.toMatchObject({
      status: 503,
      code: "bus.publish_failed",
    });
    stack().bus.failNextRequests(0, "error");
    expect(stack().bus.requests.length - before).toBe(PUBLISH_ATTEMPTS);
  });

  it("EventBridge that never answers costs a bounded time, then a 503 (well inside the Lambda's 20 s)", async () => {
    const { Bus, PurchasePaid, emit, PUBLISH_ATTEMPTS } = await load();
    const { BUS_TIMEOUTS } = await import("@payloft/core/faults");
    const before = stack().bus.requests.length;
    stack().bus.failNextRequests(100, "hang");
    const started = Date.now();
    await expect(Bus.publish(emit(PurchasePaid, paid("cs_frozen")))).rejects.toMatchObject({ status: 503 });
    const took = Date.now() - started;
    stack().bus.failNextRequests(0, "hang");
    expect(took).toBeGreaterThanOrEqual(BUS_TIMEOUTS.totalMs - 50);
    expect(took).toBeLessThan(BUS_TIMEOUTS.totalMs + 3_000);
    expect(BUS_TIMEOUTS.totalMs).toBeLessThanOrEqual(PUBLISH_ATTEMPTS * BUS_TIMEOUTS.attemptMs);
    expect(stack().bus.requests.length - before).toBe(PUBLISH_ATTEMPTS);
  });
});

describe("publishing: FailedEntryCount and failures", () => {
  it("an entry EventBridge did not take (FailedEntryCount 1) is sent again", async () => {
    const { Bus, PurchasePaid, emit } = await load();
    const before = stack().bus.requests.length;
    stack().bus.failNextEntries(1);
    await Bus.publish(emit(PurchasePaid, paid("cs_retry_1")));
    expect(stack().bus.requests.length).toBe(before + 2);
    await stack().bus.idle();
  });

  it("when every attempt fails the publisher answers 503 (and a webhook returns 5xx for the provider to retry)", async () => {
    const { Bus, PurchasePaid, emit, PUBLISH_ATTEMPTS } = await load();
    stack().bus.failNextEntries(PUBLISH_ATTEMPTS);
    await expect(Bus.publish(emit(PurchasePaid, paid("cs_retry_2")))).rejects.toMatchObject({
      status: 503,
      code: "bus.publish_failed",
    });
    stack().bus.failNextEntries(0);
  });

  it("properties that break the event's schema are refused before anything is sent", async () => {
    const { Bus, PurchasePaid, emit } = await load();
    const before = stack().bus.requests.length;
    await expect(Bus.publish(emit(PurchasePaid, { ...paid("cs_bad"), amount: -5 }))).rejects.toThrow();
    expect(stack().bus.requests.length).toBe(before);
  });
});

describe("subscribers: retries and the dead-letter record", () => {
  it("an event a subscriber cannot accept is retried, then dead-lettered as Lambda's on-failure record", async () => {
    const { Resource, bus } = await load();
    // Published with a bare type (no schema), the way a buggy or old publisher could.
    await bus.publish(Resource.Bus, "purchase.paid", { provider: "stripe", checkout_id: "" });
    await stack().bus.idle();
    // Every subscriber of purchase.paid (fulfilment and the webhook fan-out) fails on it in its
    // own time and writes its own record: look at each by its function, never at "the first".
    const records = stack().bus.deadLetters.filter(
      (r) => (r.requestPayload.detail.properties as { checkout_id?: string }).checkout_id === "",
    );
    expect(records.map((r) => r.requestContext.functionArn.split(":")[6]).sort()).toEqual(takersOf("purchase.paid"));
    const record = records.find((r) => r.requestContext.functionArn.endsWith(":function:FulfilPurchase:$LATEST"));
    expect(record).toMatchObject({
      version: "1.0",
      requestContext: {
        functionArn: "arn:aws:lambda:local:000000000000:function:FulfilPurchase:$LATEST",
        condition: "RetriesExhausted",
        approximateInvokeCount: 3,
      },
      requestPayload: { "detail-type": "purchase.paid", source: "payloft.local" },
      responseContext: { statusCode: 200, executedVersion: "$LATEST", functionError: "Unhandled" },
      // The error's name, as Lambda's Node runtime reports it: zod/mini throws $ZodError.
      responsePayload: { errorType: "$ZodError" },
    });
  });
});
