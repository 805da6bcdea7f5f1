/**
 * What a Lambda is linked to, by the name the code reads it under (`Resource.<Name>`).
 * Linking puts a secret's value into that one Lambda and grants its IAM actions, so each
 * Lambda links only what its code can reach: the route table, the subscriber table and the
 * issuer say what beyond the base each one needs, infra/* link exactly that, and
 * packages/local/test/least-privilege.test.ts derives the same sets from the imports.
 */
export const SECRET_NAMES = [
  "StripeSecretKey",
  "StripeWebhookSecret",
  "EncryptionKey",
  "AdminEmails",
  "UnlimitedEmails",
  "GoogleClientId",
  "GoogleClientSecret",
  "AuthStorageKey",
  "OriginSecret",
] as const;
export type SecretName = (typeof SECRET_NAMES)[number];
/** `WebhookQueue`: outgoing webhook deliveries wait there (send, and retry later from the consumer).
 * `Files` is the hosted-files bucket: only the routes that presign or check files link it. */
export type LinkName = "Table" | "Auth" | "Bus" | "Email" | "WebhookQueue" | "Files" | SecretName;

/**
 * What the api() wrapper itself reaches, so every route has it: the table, the issuer's URL
 * (sessions are verified on every call), the two e-mail lists that decide roles and limits
 * (settings, not credentials) and the origin secret that proves a request came through CloudFront.
 */
export const ROUTE_BASE_LINKS = [
  "Table",
  "Auth",
  "AdminEmails",
  "UnlimitedEmails",
  "OriginSecret",
] as const satisfies LinkName[];

/**
 * The sign-in issuer: its storage on the table (private keys sealed under AuthStorageKey), the
 * Google client, the admin list, and the origin secret its CloudFront adds.
 */
export const ISSUER_LINKS = [
  "Table",
  "AdminEmails",
  "UnlimitedEmails",
  "GoogleClientId",
  "GoogleClientSecret",
  "AuthStorageKey",
  "OriginSecret",
] as const satisfies LinkName[];

/** The page Lambda (server-rendered sales, overlay and store pages): reads products, stores, integrations. */
export const PAGE_LINKS = ["Table", "AdminEmails", "UnlimitedEmails"] as const satisfies LinkName[];

/** A route's full link list: the base plus what its row adds. */
export const routeLinks = (row: { links?: readonly LinkName[] }): LinkName[] => [
  ...ROUTE_BASE_LINKS,
  ...(row.links ?? []),
];

/** The outgoing webhook consumer (queues/webhook-delivery.ts): deliveries on the table, signing secrets, its queue. */
export const WEBHOOK_CONSUMER_LINKS = [
  "Table",
  "AdminEmails",
  "UnlimitedEmails",
  "EncryptionKey",
  "WebhookQueue",
] as const satisfies LinkName[];
