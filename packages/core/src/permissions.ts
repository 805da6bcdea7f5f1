/**
 * The IAM actions our code needs on each linked resource: infra grants exactly these
 * (infra/links.ts replaces SST's `dynamodb:*`, `events:*`, `ses:*`, `s3:*`), and the local runtime
 * refuses any DynamoDB call outside TABLE_ACTIONS (db/client.ts) and any S3 call outside the
 * FILES actions (packages/local/src/s3) the way IAM would, so a new
 * kind of call fails in tests instead of on the first request in AWS.
 */
export const TABLE_ACTIONS = [
  "dynamodb:GetItem",
  "dynamodb:BatchGetItem",
  "dynamodb:Query",
  "dynamodb:PutItem",
  "dynamodb:UpdateItem",
  "dynamodb:DeleteItem",
  // Transactions are authorised per item operation (the actions above) plus this for checks.
  "dynamodb:ConditionCheckItem",
  // GET /api/health asks whether the table is ACTIVE.
  "dynamodb:DescribeTable",
] as const;

/** Publishing domain events (sst/aws/bus calls PutEvents). */
export const BUS_ACTIONS = ["events:PutEvents"] as const;

/** Outgoing webhooks: queueing a delivery, and the consumer putting a failed try back for later. */
export const QUEUE_ACTIONS = ["sqs:SendMessage", "sqs:ChangeMessageVisibility"] as const;

/**
 * Hosted files, on the bucket's objects: presigned GETs of a download and HeadObject when a
 * product is saved (both s3:GetObject), the browser's presigned POST upload (s3:PutObject,
 * plus s3:PutObjectTagging for its `tagging` field), and retagging a kept file.
 */
export const FILES_OBJECT_ACTIONS = ["s3:GetObject", "s3:PutObject", "s3:PutObjectTagging"] as const;
/**
 * On the bucket itself: without s3:ListBucket, S3 answers HeadObject of a missing key 403
 * instead of 404, and a creator saving a product whose upload never arrived would get a 500
 * instead of "upload it again". The code never lists the bucket.
 */
export const FILES_BUCKET_ACTIONS = ["s3:ListBucket"] as const;

/** Sending receipts (SESv2 SendEmail). */
export const EMAIL_ACTIONS = ["ses:SendEmail"] as const;

type TransactItem = Partial<Record<"Put" | "Update" | "Delete" | "ConditionCheck", unknown>>;
const TRANSACT_ACTION = {
  Put: "PutItem",
  Update: "UpdateItem",
  Delete: "DeleteItem",
  ConditionCheck: "ConditionCheckItem",
};

/** The IAM actions AWS checks for one DynamoDB API call (transactions: one per item operation). */
export function dynamoActionsFor(commandName: string, input: unknown): string[] {
  const op = commandName.replace(/Command$/, "");
  if (op === "TransactWriteItems") {
    const items = ((input as { TransactItems?: TransactItem[] })?.TransactItems ?? []) as TransactItem[];
    return [
      ...new Set(
        items.flatMap((item) =>
          (Object.keys(TRANSACT_ACTION) as (keyof typeof TRANSACT_ACTION)[])
            .filter((k) => item[k])
            .map((k) => `dynamodb:${TRANSACT_ACTION[k]}`),
        ),
      ),
    ];
  }
  if (op === "TransactGetItems") return ["dynamodb:GetItem"];
  return [`dynamodb:${op}`];
}
