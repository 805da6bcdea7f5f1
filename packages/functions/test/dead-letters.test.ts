import { describe, expect, it } from "vitest";
import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { join } from "node:path";
import { useStack } from "@payloft/local/testing/index";
import { makeSeller, openSession, payOnHostedPage, sandboxEvents, settle } from "@payloft/local/stripe-sandbox/testing";
import { postSellerEvent } from "./seller-stripe";

/**
 * Dead letters and their replay: a purchase.paid that FulfilPurchase could not apply (Stripe
 * unreachable through every retry) lands in the dead-letter queue as Lambda's on-failure
 * invocation record in an SQS message; npm run replay-dead-letters publishes it again through
 * the one publisher, the sale is recorded once, and the message leaves the queue. What cannot
 * be replayed stays, with the reason. That every subscriber row gets the queue as its on-failure
 * destination in AWS is checked on the deploy program (packages/local/test/infra.test.ts).
 */
const stack = useStack();
const root = join(import.meta.dirname, "../../..");

async function core() {
  stack();
  const { PurchaseEntity } = await import("@payloft/core/db/entities");
  const { Sqs } = await import("@payloft/core/bus/sqs");
  const { Resource } = await import("sst");
  return { PurchaseEntity, Sqs, queueUrl: Resource.BusDeadLetters.url, Resource };
}

/** A paid checkout whose purchase.paid failed in FulfilPurchase on every attempt (Stripe was down). */
async function deadLetteredSale() {
  const { PurchaseEntity } = await core();
  const seller = await makeSeller();
  const { stripeClient } = await import("@payloft/core/payment/stripe");
  const endpoint = (await stripeClient(seller.secretKey).webhookEndpoints.list()).data[0]!;
  await stripeClient(seller.secretKey).webhookEndpoints.update(endpoint.id, { disabled: true });
  const session = await openSession(stack(), seller);
  await payOnHostedPage(session.url!, "late@example.com");
  await settle(stack());
  const [completed] = sandboxEvents(stack(), session.id).filter((r) => r.event.type === "checkout.session.completed");
  const stripeUrl = process.env.STRIPE_API_URL;
  process.env.STRIPE_API_URL = "http://127.0.0.1:1"; // nothing listens: Stripe cannot be asked
  try {
    const res = await postSellerEvent(stack(), seller.sellerId, completed!.event);
    expect(res.status).toBe(200);
    await settle(stack());
  } finally {
    process.env.STRIPE_API_URL = stripeUrl;
  }
  expect((await PurchaseEntity.get({ id: session.id }).go()).data).toBeNull();
  return { seller, sessionId: session.id };
}

/** The operator's command, in its own process, against this stack's site (async: the stack answers it). */
function replayCommand(...args: string[]): Promise<{ code: number | null; out: string }> {
  const child = spawn("node", ["--import", "tsx", "packages/local/src/ops/replay-dead-letters.ts", ...args], {
    cwd: root,
    env: { ...process.env, SITE_URL: stack().url, SST_RESOURCE_Table: "" },
  });
  let out = "";
  child.stdout.on("data", (d: Buffer) => (out += d.toString()));
  child.stderr.on("data", (d: Buffer) => (out += d.toString()));
  const timer = setTimeout(() => child.kill(), 90_000);
  return new Promise((resolve) =>
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({ code, out });
    }),
  );
}

describe("dead letters", () => {
  it("a subscriber's failure reaches the queue as the SQS message Lambda's on-failure destination writes", async () => {
    const { Sqs, queueUrl } = await core();
    const { sessionId } = await deadLetteredSale();
    const record = stack().bus.deadLetters.at(-1)!;
    expect(record.requestContext).toMatchObject({ condition: "RetriesExhausted", approximateInvokeCount: 3 });
    expect(record.requestContext.functionArn).toMatch(/:function:FulfilPurchase:\$LATEST$/);
    expect(record.requestPayload.detail.properties).toMatchObject({ checkout_id: sessionId });

    const messages = await Sqs.receive(queueUrl, 10, 0);
    const message = messages.find((m) => m.Body.includes(sessionId))!;
    expect(JSON.parse(message.Body)).toEqual(record);
    expect(message.MD5OfBody).toBe(createHash("md5").update(message.Body).digest("hex"));
    expect(message).toMatchObject({ MessageId: expect.any(String), ReceiptHandle: expect.any(String) });
    expect(Number(message.Attributes?.SentTimestamp)).toBeGreaterThan(0);
  });

  it(
    "npm run replay-dead-letters records the sale once, empties the queue and leaves what cannot be replayed",
    { timeout: 240_000 },
    async () => {
      const { PurchaseEntity, Resource } = await core();
      const { sessionId } = await deadLetteredSale();
      // An event no schema accepts (published bare, as an old or buggy publisher could) also fails.
      const { bus } = await import("sst/aws/bus");
      await bus.publish(Resource.Bus, "purchase.paid", { provider: "stripe", checkout_id: "" });
      await settle(stack());
      const depth = stack().bus.queue.depth;
      expect(depth).toBeGreaterThanOrEqual(3);

      const dry = await replayCommand("--dry-run");
      expect(dry.code).toBe(1);
      expect(dry.out).toContain("0 replayed");
      expect(stack().bus.queue.depth).toBe(depth);
      expect((await PurchaseEntity.get({ id: sessionId }).go()).data).toBeNull();

      // The dry run's receive hid the messages for a while, as SQS does; a new run sees them again.
      stack().bus.queue.revealAll();
      const run = await replayCommand();
      await settle(stack());
      expect(run.out).toMatch(/replayed purchase\.paid \(failed in FulfilPurchase\) as event /);
      expect(run.out).toContain("its purchase.paid properties do not match the schema");
      expect(run.code).toBe(1);

      const purchase = (await PurchaseEntity.get({ id: sessionId }).go()).data;
      expect(purchase).toMatchObject({ status: "completed", customer_email: "late@example.com" });
      expect(stack().outbox.messages.filter((m) => m.text.includes(sessionId))).toHaveLength(1);
      // Only the bad events are left; replaying again changes nothing.
      stack().bus.queue.revealAll();
      const again = await replayCommand();
      await settle(stack());
      expect(again.out).toContain("0 replayed");
      expect(stack().outbox.messages.filter((m) => m.text.includes(sessionId))).toHaveLength(1);
    },
  );
});
