// Which folder of packages/core may use which ElectroDB entity, for ESLint (eslint.config.js).
//
// An entity is the table's rows of one kind. Its owner (the first folder of its row) keeps the
// rules for them: what a valid row is, which writes go together in one transaction, which
// counters follow. Any other folder asks the owner (`Purchase.*`, `User.*`…). The folders after
// the owner use the entity TODAY, and each is a debt to pay back (docs/architecture.md, "Who may
// use an entity"); lint refuses any use not listed here, so the lists only shrink. `db` builds the
// entities and the service that joins them in transactions. An entity with no row (a new one)
// is not checked yet: give it a row when you add it.
import { readdirSync } from "node:fs";
import path from "node:path";

export const ENTITY_USERS = {
  AccessLinkEntity: ["access"],
  AffiliateEntity: ["affiliate"],
  AnnouncementEntity: ["announcement"],
  ApiKeyEntity: ["api-key"],
  AuthStoreEntity: ["user"],
  BuyerEntity: ["sales", "admin", "recount"],
  CheckoutEntity: ["checkout", "plan", "purchase"],
  CounterEntity: ["product", "admin", "affiliate", "moderation", "plan", "recount", "user"],
  CustomerEntity: ["purchase", "recount", "sales"],
  DailyStatEntity: ["analytics", "admin", "recount"],
  DiscountEntity: ["discount"],
  DiscountHoldEntity: ["discount"],
  DiscountReservationEntity: ["discount"],
  EmailEntity: ["user", "purchase"],
  EmailListEntity: ["recovery"],
  EmailNoticeEntity: ["recovery", "checkout"],
  IntegrationEntity: ["integration"],
  LicenseKeyEntity: ["license"],
  MembershipEntity: ["membership"],
  OpenCheckoutEntity: ["checkout"],
  ProductEntity: [
    "product",
    ...["admin", "affiliate", "analytics", "discount", "moderation", "plan", "purchase", "recount", "recovery"],
    ...["store", "traffic"],
  ],
  PurchaseEntity: [
    "purchase",
    ...["access", "admin", "checkout", "discount", "license", "outgoing-webhook", "product", "recount"],
    ...["recovery", "refund", "sales"],
  ],
  RateLimitEntity: ["rate-limit"],
  RetiredCredentialEntity: ["integration", "checkout"],
  SettingEntity: ["setting"],
  StoreEntity: ["store", "affiliate"],
  TallyMarkEntity: ["tally"],
  TrafficStatEntity: ["traffic", "recount"],
  UniqueEntity: ["store", "discount", "affiliate"],
  UserEntity: [
    "user",
    ...["admin", "affiliate", "api-key", "checkout", "files", "moderation", "outgoing-webhook", "plan"],
    ...["product", "purchase", "recount", "recovery", "sales", "store", "traffic"],
  ],
  ViewEntity: ["traffic"],
  WebhookDeliveryEntity: ["outgoing-webhook"],
  WebhookEndpointEntity: ["outgoing-webhook"],
};

/** One ESLint block per folder of core/src: `no-restricted-imports` of the entities it may not use. */
export function entityBlocks(root, users = ENTITY_USERS) {
  const src = "packages/core/src";
  const folders = readdirSync(path.join(root, src), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && entry.name !== "db")
    .map((entry) => entry.name);
  const files = [
    ...folders.map((folder) => ({ folder, files: [`${src}/${folder}/**/*.ts`] })),
    { folder: "(root)", files: [`${src}/*.ts`] },
  ];
  return files.map(({ folder, files }) => {
    const barred = Object.keys(users).filter((entity) => !users[entity].includes(folder));
    return {
      files,
      rules: {
        "@typescript-eslint/no-restricted-imports": [
          "error",
          {
            patterns: [
              {
                group: [
                  "**/db/entities",
                  "**/db/entities/*",
                  "@payloft/core/db/entities",
                  "@payloft/core/db/entities/*",
                ],
                importNames: barred,
                allowTypeImports: true,
                message: `${folder} may not use this entity: call its owner's operations (packages/core/entity-users.mjs).`,
              },
            ],
          },
        ],
      },
    };
  });
}
