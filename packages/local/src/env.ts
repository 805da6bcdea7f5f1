import { randomBytes } from "node:crypto";

/**
 * Points `Resource` (sst) and our config at local stand-ins by setting the same
 * SST_RESOURCE_* variables the Lambda runtime gets in AWS. Must run before any module
 * that reads Resource is imported.
 */
export interface LocalEnv {
  siteUrl: string;
  dynamoEndpoint: string;
  tableName: string;
  issuerUrl: string;
  stripeApiUrl: string;
  /** The local S3 (s3/index.ts): its origin, bucket and this start's credentials. */
  s3: { url: string; bucket: string; credentials: { accessKeyId: string; secretAccessKey: string } };
  /** Base URL of the local PayPal sandbox; production picks api-m(.sandbox).paypal.com by is_live. */
  paypalApiUrl: string;
}

export function applyLocalEnv(e: LocalEnv) {
  const res = (name: string, value: unknown) => (process.env[`SST_RESOURCE_${name}`] = JSON.stringify(value));
  process.env.DYNAMODB_ENDPOINT = e.dynamoEndpoint;
  process.env.SITE_URL = e.siteUrl;
  process.env.AWS_REGION ??= "local";
  // sst/aws/bus signs its PutEvents call (the Lambda role's credentials in AWS); locally any key
  // will do, because the local bus answers that call before it could leave the machine.
  process.env.AWS_ACCESS_KEY_ID ??= "local";
  process.env.AWS_SECRET_ACCESS_KEY ??= "local";
  process.env.STRIPE_API_URL = e.stripeApiUrl;
  process.env.S3_ENDPOINT = e.s3.url;
  process.env.S3_ACCESS_KEY_ID = e.s3.credentials.accessKeyId;
  process.env.S3_SECRET_ACCESS_KEY = e.s3.credentials.secretAccessKey;
  process.env.PAYPAL_API_URL = e.paypalApiUrl;
  // The offline runtime: outgoing webhooks may go to http://localhost (a receiver on this machine).
  process.env.PAYLOFT_OFFLINE = "1";
  res("App", { name: "payloft", stage: "local" });
  res("Table", { name: e.tableName, type: "sst.aws.Dynamo" });
  res("Bus", { name: "local-bus", arn: "arn:aws:events:local:000000000000:event-bus/local-bus", type: "sst.aws.Bus" });
  res("BusDeadLetters", {
    url: "https://sqs.local.amazonaws.com/000000000000/local-bus-dead-letters",
    type: "sst.aws.Queue",
  });
  res("Email", { sender: "receipts@payloft.local", type: "sst.aws.Email" });
  res("Auth", { url: e.issuerUrl, type: "sst.sst.Linkable" });
  res("Files", { name: e.s3.bucket, type: "sst.aws.Bucket" });
  // Not called: the local queue (queue.ts) replaces the SQS client; kept so Resource reads resolve.
  res("WebhookQueue", { url: "http://localhost/local-webhook-queue", type: "sst.aws.Queue" });
  // Local-only secret values; a real stage sets its own with `sst secret set`.
  res("StripeSecretKey", { value: "sk_test_platform_local", type: "sst.sst.Secret" });
  // The sandbox registers the platform's webhook endpoint with this secret (stripe-sandbox/local.ts).
  process.env.LOCAL_STRIPE_WEBHOOK_SECRET ??= `whsec_local_${randomBytes(24).toString("hex")}`;
  res("StripeWebhookSecret", { value: process.env.LOCAL_STRIPE_WEBHOOK_SECRET, type: "sst.sst.Secret" });
  res("EncryptionKey", { value: "bG9jYWwtZGV2LWtleS1kby1ub3QtdXNlLWluLXByb2Q=", type: "sst.sst.Secret" });
  res("AdminEmails", { value: process.env.ADMIN_EMAILS ?? "admin@demo.local", type: "sst.sst.Secret" });
  res("UnlimitedEmails", { value: process.env.UNLIMITED_EMAILS ?? "", type: "sst.sst.Secret" });
  res("GoogleClientId", { value: "local-google-client", type: "sst.sst.Secret" });
  res("GoogleClientSecret", { value: "local-google-secret", type: "sst.sst.Secret" });
  res("AuthStorageKey", { value: "bG9jYWwtaXNzdWVyLWtleXMtZG8tbm90LXVzZS1pdCE=", type: "sst.sst.Secret" });
  // Random per process, like a stage's own: the local gateway and issuer add it as CloudFront does.
  process.env.LOCAL_ORIGIN_SECRET ??= randomBytes(32).toString("base64url");
  res("OriginSecret", { value: process.env.LOCAL_ORIGIN_SECRET, type: "sst.sst.Secret" });
}
