import { describe, expect, it } from "vitest";
import type { DynamoDBStreamEvent } from "aws-lambda";
import { useStack } from "@payloft/local/testing/index";
import {
  makeSeller,
  openSession,
  payOnHostedPage,
  refundInDashboard,
  settle,
} from "@payloft/local/stripe-sandbox/testing";
import { streamsApi, type StreamRecord } from "@payloft/local/stream/api";

/**
 * The figures fold (core/src/tally, the table stream's subscriber): every sale, reversal and
 * view counted exactly once, whatever Lambda does with its batches. Sales go through the real
 * path (hosted page, signed webhook, bus, fulfilment); the stream's records are then delivered
 * to the fold's handler again, twice at once, as Lambda may after a timeout or a retry.
 */
const stack = useStack();

async function core() {
  stack();
  const e = await import("@payloft/core/db/entities");
  const { Recount } = await import("@payloft/core/recount/index");
  const { handler } = await import("../src/streams/fold-figures");
  const { runAsLambda } = await import("@payloft/core/lambda-scope");
  const fold = (records: StreamRecord[]) =>
    runAsLambda("FoldFigures", () => handler({ Records: records } as unknown as DynamoDBStreamEvent));
  return { ...e, Recount, fold };
}

/** Every record the table's stream holds, from the start. */
async function streamRecords(): Promise<StreamRecord[]> {
  const api = streamsApi(stack().dynamoEndpoint);
  const arn = (await api.streamArn(stack().tableName))!;
  const out: StreamRecord[] = [];
  for (const shard of await api.shards(arn)) {
    let iterator: string | undefined = await api.iterator(arn, shard.ShardId);
    while (iterator) {
      const got = await api.records(iterator, 1000);
      out.push(...got.Records);
      if (!got.Records.length) break;
      iterator = got.NextShardIterator;
    }
  }
  return out;
}

async function sell(seller: Awaited<ReturnType<typeof makeSeller>>, emails: string[]) {
  const ids: string[] = [];
  for (const email of emails) {
    const session = await openSession(stack(), seller);
    await payOnHostedPage(session.url!, email);
    ids.push(session.id);
  }
  await settle(stack());
  return ids;
}

describe("the figures fold", () => {
  it("counts each sale once when the stream delivers it again, in two batches at once", async () => {
    const { CounterEntity, Recount, fold } = await core();
    const seller = await makeSeller({ price: 1500 });
    await sell(seller, ["ann@example.com", "bob@example.com", "ann@example.com", "cy@example.com"]);
    const counter = async () => (await CounterEntity.get({ scope: `creator#${seller.sellerId}` }).go()).data;
    expect(await counter()).toMatchObject({ sales: 4, revenue: 6000, customers: 3 });

    const records = await streamRecords();
    const answers = await Promise.all([fold(records), fold(records)]);
    expect(answers).toEqual([{ batchItemFailures: [] }, { batchItemFailures: [] }]);
    expect(await counter()).toMatchObject({ sales: 4, revenue: 6000, customers: 3 });
    expect((await CounterEntity.get({ scope: `product#${seller.productId}` }).go()).data).toMatchObject({
      sales: 4,
      revenue: 6000,
    });
    expect((await Recount.run({ creatorId: seller.sellerId })).differences).toEqual([]);
  });

  it("takes a refunded sale back once, however often the refund's record comes again", async () => {
    const { CounterEntity, PurchaseEntity, Recount, fold } = await core();
    const seller = await makeSeller({ price: 900 });
    const [first] = await sell(seller, ["dee@example.com", "eve@example.com"]);
    const pi = (await PurchaseEntity.get({ id: first! }).go()).data!.payment_intent!;
    await refundInDashboard(stack(), pi);
    await settle(stack());
    const records = await streamRecords();
    await fold(records);
    await fold(records.slice(Math.floor(records.length / 2)));
    expect((await CounterEntity.get({ scope: `creator#${seller.sellerId}` }).go()).data).toMatchObject({
      sales: 1,
      revenue: 900,
      // Refunded or not, both bought: the seller has two customers.
      customers: 2,
    });
    expect((await Recount.run({ creatorId: seller.sellerId })).differences).toEqual([]);
  });

  it("counts every view of a page viewed many times at once, on the product, not on its item", async () => {
    const { CounterEntity, ProductEntity } = await core();
    const seller = await makeSeller({ price: 500 });
    const before = (await ProductEntity.get({ id: seller.productId }).go()).data!;
    const views = await Promise.all(
      Array.from({ length: 25 }, (_, i) =>
        fetch(`${stack().url}/api/public/products/${seller.productId}/view`, {
          method: "POST",
          headers: {
            "content-type": "application/json",
            origin: stack().url,
            "x-payloft-viewer-address": `10.9.0.${i}`,
          },
          body: JSON.stringify({ referrer: "https://news.example.com/launch" }),
        }).then((r) => r.status),
      ),
    );
    expect(views.every((s) => s === 204)).toBe(true);
    await settle(stack());
    expect((await CounterEntity.get({ scope: `product#${seller.productId}` }).go()).data?.views).toBe(25);
    expect((await CounterEntity.get({ scope: `creator#${seller.sellerId}` }).go()).data?.views).toBe(25);
    // The product item (in two platform-wide index partitions) was not written for them.
    expect((await ProductEntity.get({ id: seller.productId }).go()).data!.updated_at).toBe(before.updated_at);
  });

  it("answers a record it cannot fold as a partial batch failure from that record, and folds the others once", async () => {
    const { CounterEntity, fold } = await core();
    const seller = await makeSeller({ price: 700 });
    await sell(seller, ["fay@example.com"]);
    const records = (await streamRecords()).filter((r) => r.dynamodb?.NewImage?.__edb_e__?.S === "purchase");
    const last = records.at(-1)!;
    // A seller id DynamoDB cannot key an item by (over its 2 KB partition key limit): the seller's
    // figures of this view can never be written; the product's can.
    const broken: StreamRecord = {
      eventName: "INSERT",
      dynamodb: {
        SequenceNumber: "1",
        NewImage: {
          __edb_e__: { S: "view" },
          id: { S: "broken" },
          product_id: { S: seller.productId },
          creator_id: { S: "x".repeat(3000) },
          date: { S: "2026-01-01" },
          source: { S: "direct" },
          referrer: { S: "direct" },
          campaign: { S: "(none)" },
        },
      },
    };
    const answer = await fold([broken, last]);
    expect(answer).toEqual({ batchItemFailures: [{ itemIdentifier: "1" }] });
    expect((await CounterEntity.get({ scope: `creator#${seller.sellerId}` }).go()).data).toMatchObject({ sales: 1 });
  });
});
