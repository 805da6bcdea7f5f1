import { describe, expect, it } from "vitest";
import { join } from "node:path";
import { routes, routeKey, handlerModule } from "@payloft/functions/routes";
import { subscribers, subscriberModule } from "@payloft/functions/subscribers";
import { schedules, scheduleModule } from "@payloft/functions/schedules";
import { figuresFold, streamModule } from "@payloft/functions/table-stream";
import {
  ISSUER_LINKS,
  ROUTE_BASE_LINKS,
  PAGE_LINKS,
  WEBHOOK_CONSUMER_LINKS,
  routeLinks,
} from "@payloft/functions/links";
import { FILES_OBJECT_ACTIONS, dynamoActionsFor } from "@payloft/core/permissions";
import { useStack } from "../src/testing/index";
import { repoRoot, resourceReads } from "./resource-reads";

/**
 * Least privilege, derived from the code: each Lambda links exactly what its modules read
 * through `Resource` (a secret it cannot reach is not in its environment; one it reaches is
 * linked, or it would fail in AWS with "not linked"). This test reads source files on purpose:
 * what a Lambda CAN reach is a property of its import graph, every branch of it; running the
 * code only shows the branches a test happens to take, and a secret read on a rare path would
 * pass. That infra links exactly these lists and grants no wildcard is checked on the deploy
 * program itself (infra.test.ts).
 */
const sorted = (xs: readonly string[]) => [...new Set(xs)].sort();
const file = (module: string) => join(repoRoot, `${module}.ts`);

function explain(entry: string, linked: readonly string[]) {
  const { names, readers } = resourceReads(entry);
  const missing = names.filter((n) => !linked.includes(n)).map((n) => `${n} (read in ${readers.get(n)!.join(", ")})`);
  const extra = linked.filter((n) => !names.includes(n));
  return { names, missing, extra };
}

describe("each Lambda links exactly what its code reads", () => {
  it("the wrapper's own reads are the base every route links", () => {
    const { names } = resourceReads(join(repoRoot, "packages/functions/src/http/api.ts"));
    expect(names).toEqual(sorted(ROUTE_BASE_LINKS));
  });

  it.each(routes.map((r) => [routeKey(r), r] as const))("%s", (_key, route) => {
    const linked = routeLinks(route);
    expect(sorted(linked), "a row repeats a base link").toEqual(linked.slice().sort());
    const { missing, extra } = explain(file(handlerModule(route)), linked);
    expect(missing, "read but not linked: add to the row's links").toEqual([]);
    expect(extra, "linked but never read: remove from the row's links").toEqual([]);
  });

  it.each(subscribers.map((s) => [s.name, s] as const))("subscriber %s", (_name, sub) => {
    const { missing, extra } = explain(file(subscriberModule(sub)), sub.links);
    expect(missing).toEqual([]);
    expect(extra).toEqual([]);
  });

  it.each(schedules.map((s) => [s.name, s] as const))("scheduled job %s", (_name, job) => {
    const { missing, extra } = explain(file(scheduleModule(job)), job.links);
    expect(missing).toEqual([]);
    expect(extra).toEqual([]);
  });

  it("the table stream's figures fold", () => {
    const { missing, extra } = explain(file(streamModule(figuresFold)), figuresFold.links);
    expect(missing).toEqual([]);
    expect(extra).toEqual([]);
  });

  it("the outgoing webhook queue's consumer", () => {
    const consumer = join(repoRoot, "packages/functions/src/queues/webhook-delivery.ts");
    const { missing, extra } = explain(consumer, WEBHOOK_CONSUMER_LINKS);
    expect(missing).toEqual([]);
    expect(extra).toEqual([]);
  });

  it("the sign-in issuer", () => {
    const { missing, extra } = explain(join(repoRoot, "packages/functions/src/auth/issuer.ts"), ISSUER_LINKS);
    expect(missing).toEqual([]);
    expect(extra).toEqual([]);
  });

  it("the page Lambda", () => {
    const { missing, extra } = explain(join(repoRoot, "packages/functions/src/pages/handler.ts"), PAGE_LINKS);
    expect(missing).toEqual([]);
    expect(extra).toEqual([]);
  });

  it("the seller-key EncryptionKey and the platform's Stripe key reach only the routes that use them", () => {
    const linking = (name: string) => routes.filter((r) => routeLinks(r).includes(name as never)).map((r) => r.handler);
    expect(linking("EncryptionKey").sort()).toEqual(
      [
        "checkout-create-session",
        "checkout-buy",
        "checkout-success",
        // A free claim is fulfilled through the one fulfilment path, which confirms paid checkouts with the seller's keys.
        "checkout-claim",
        "payment-integration-delete",
        "payment-integration-get",
        "payment-integration-save",
        "webhooks-stripe-seller",
        // outgoing webhooks: signing secrets are encrypted with it
        ...routes.filter((r) => r.handler.startsWith("webhook-endpoints-")).map((r) => r.handler),
        // PayPal: the seller's app credentials capture on return and verify webhooks.
        "checkout-paypal-return",
        "webhooks-paypal-seller",
        // A creator's refund is made with the seller's own Stripe key or PayPal app.
        "sales-refund",
        // Memberships are canceled, resumed and changed on the seller's own Stripe (the lists need no key).
        "customer-membership-cancel",
        "customer-membership-change",
        "customer-membership-payment-method",
        "customer-membership-resume",
        "memberships-cancel",
        "v1-memberships-cancel",
        // Deleting a membership product, once confirmed, cancels its members there first.
        "products-delete",
        "v1-products-delete",
      ].sort(),
    );
    // Platform billing, its webhook, and the admin actions that stop a creator's platform subscription.
    const platformBilling = (h: string) =>
      h.startsWith("platform-") ||
      h === "webhooks-stripe" ||
      [
        "admin-users-create",
        "admin-users-set-plan",
        "admin-users-deactivate",
        "admin-users-reactivate",
        "admin-users-delete",
      ].includes(h);
    expect(linking("StripeSecretKey").filter((h) => !platformBilling(h))).toEqual([]);
    expect(linking("StripeWebhookSecret")).toEqual(["webhooks-stripe"]);
    expect(linking("GoogleClientSecret")).toEqual([]);
  });
});

describe("offline, DynamoDB calls outside the granted actions fail like IAM would", () => {
  const stack = useStack();

  it("a Scan (never granted) is refused to Lambda code; granted calls go through", async () => {
    const { dynamo } = await import("@payloft/core/db/client");
    const { runAsLambda } = await import("@payloft/core/lambda-scope");
    const { ScanCommand, DescribeTableCommand } = await import("@aws-sdk/client-dynamodb");
    const scan = () => dynamo().send(new ScanCommand({ TableName: stack().tableName }));
    await expect(runAsLambda("health", scan)).rejects.toThrow(
      /AccessDeniedException: the role of health is not granted dynamodb:Scan/,
    );
    const described = await runAsLambda("health", () =>
      dynamo().send(new DescribeTableCommand({ TableName: stack().tableName })),
    );
    expect(described.Table?.TableStatus).toBe("ACTIVE");
    // The seed and test fixtures are not Lambdas: an operator's tools with their own grants.
    await expect(scan()).resolves.toBeDefined();
  });

  it("transactions are checked per item operation, as IAM authorises them", () => {
    expect(
      dynamoActionsFor("TransactWriteItemsCommand", {
        TransactItems: [{ Put: {} }, { Update: {} }, { ConditionCheck: {} }, { Put: {} }],
      }).sort(),
    ).toEqual(["dynamodb:ConditionCheckItem", "dynamodb:PutItem", "dynamodb:UpdateItem"]);
    expect(dynamoActionsFor("QueryCommand", {})).toEqual(["dynamodb:Query"]);
  });
});

describe("offline, S3 calls outside the files grant fail like IAM would", () => {
  const stack = useStack();
  const key = "files/least-privilege/00000000-0000-0000-0000-000000000000/a.pdf";

  it("the code's calls go through; deleting, reading tags and other objects' calls are AccessDenied", async () => {
    const { s3, bucketName } = await import("@payloft/core/files/s3");
    const { Files } = await import("@payloft/core/files/index");
    const sdk = await import("@aws-sdk/client-s3");
    const Bucket = bucketName();
    await s3().send(new sdk.PutObjectCommand({ Bucket, Key: key, Body: "%PDF", ContentType: "application/pdf" }));
    await Files.keep(key); // PutObjectTagging
    expect((await Files.check("least-privilege", key)).size).toBe(4); // HeadObject
    expect((await fetch(await Files.downloadUrl({ key }))).status).toBe(200); // presigned GET
    for (const refused of [
      new sdk.DeleteObjectCommand({ Bucket, Key: key }),
      new sdk.GetObjectTaggingCommand({ Bucket, Key: key }),
    ])
      await expect(s3().send(refused as never), refused.constructor.name).rejects.toMatchObject({
        name: "AccessDenied",
      });
    expect(await stack().s3.objects.head(Bucket, key)).toBeTruthy();
  });

  it("s3:ListBucket is what makes a missing upload a 404 (the creator's 'upload it again'), not a 403", async () => {
    const { s3, bucketName } = await import("@payloft/core/files/s3");
    const { HeadObjectCommand } = await import("@aws-sdk/client-s3");
    const missing = new HeadObjectCommand({ Bucket: bucketName(), Key: "files/nobody/never.pdf" });
    await expect(s3().send(missing)).rejects.toMatchObject({ name: "NotFound" });
    const { startLocalS3 } = await import("../src/s3/index");
    const narrower = await startLocalS3({
      port: 0,
      bucket: bucketName(),
      region: process.env.AWS_REGION ?? "local",
      allowedOrigins: [],
      granted: FILES_OBJECT_ACTIONS,
    });
    try {
      const { S3Client } = await import("@aws-sdk/client-s3");
      const client = new S3Client({
        endpoint: narrower.url,
        forcePathStyle: true,
        region: process.env.AWS_REGION ?? "local",
        credentials: narrower.credentials,
      });
      await expect(client.send(missing)).rejects.toMatchObject({ $metadata: { httpStatusCode: 403 } });
    } finally {
      await narrower.stop();
    }
  });
});
