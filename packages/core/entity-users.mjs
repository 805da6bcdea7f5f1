// Which folder of packages/core may use which ElectroDB entity, for ESLint (eslint.config.js).
//
// An entity is the table's rows of one kind. Its owner (the first folder of its row) keeps the
// rules for them: what a valid row is, which writes go together in one transaction, which
// counters follow. Any other folder asks the owner (`Purchase.*`, `User.*`…). The folders after
// the owner use the entity TODAY, and each is a debt to pay back (docs/architecture.md, "Who may
// use an entity"); lint refuses any use not listed here, so the lists only shrink. `db` builds the
// entities and the service that joins them in transactions. An entity with no row (a new one)
// belongs to the folder named like its file (db/entities/membership.ts: membership) and to no
// other: give it a row when another folder must use it.
import { readdirSync, readFileSync } from "node:fs";
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
  LegacyDiscountHoldEntity: ["discount"],
  LegacyDiscountReservationEntity: ["discount"],
  LegacyOpenCheckoutEntity: ["checkout"],
  LegacyPurchaseEntity: ["purchase"],
  LicenseKeyEntity: ["license"],
  MembershipEntity: ["membership"],
  OpenCheckoutEntity: ["checkout"],
  ProductEntity: ["product", ...["discount", "moderation", "plan", "purchase", "recount", "store"]],
  PurchaseEntity: ["purchase", ...["checkout", "discount", "product", "recount", "refund"]],
  RateLimitEntity: ["rate-limit"],
  RetiredCredentialEntity: ["integration", "checkout"],
  SettingEntity: ["setting"],
  StoreEntity: ["store"],
  TallyMarkEntity: ["tally"],
  TrafficStatEntity: ["traffic", "recount"],
  UniqueEntity: ["store", "discount", "affiliate"],
  UserEntity: ["user", ...["checkout", "moderation", "plan", "product", "purchase", "recount", "store"]],
  ViewEntity: ["traffic"],
  WebhookDeliveryEntity: ["outgoing-webhook"],
  WebhookEndpointEntity: ["outgoing-webhook"],
};

/** Every entity db/entities declares, with its row, or its file's folder as owner if it has none. */
export function entityOwners(root, users = ENTITY_USERS) {
  const dir = path.join(root, "packages/core/src/db/entities");
  const declared = readdirSync(dir)
    .filter((file) => file.endsWith(".ts"))
    .flatMap((file) =>
      [...readFileSync(path.join(dir, file), "utf8").matchAll(/^export const (\w+Entity)\b/gm)]
        .map((m) => m[1])
        .filter((entity) => entity !== "LazyEntity")
        .map((entity) => [entity, users[entity] ?? [file.replace(/\.ts$/, "")]]),
    );
  return { ...users, ...Object.fromEntries(declared) };
}

/** One ESLint block per folder of core/src: `no-restricted-imports` of the entities it may not use. */
export function entityBlocks(root, given = ENTITY_USERS) {
  const users = entityOwners(root, given);
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
