import { Entity, Service } from "electrodb";
import { dynamo, tableName } from "./client";

/**
 * The data model: every ElectroDB entity of the one table. Keys use `casing: "none"`
 * (Stripe ids are case-sensitive). Access patterns per index are noted on each entity.
 * Domain modules (packages/core/src/<concern>) own the logic; only they import these.
 */
const cfg = () => ({ client: dynamo(), table: tableName() });
const now = () => new Date().toISOString();
const timestamps = {
  created_at: { type: "string", required: true, default: now, readOnly: true },
  updated_at: { type: "string", required: true, default: now, set: now, watch: "*" },
} as const;

/** A person (profile). Admin list: gsi2 by created_at. E-mail lookup goes through EmailEntity. */
export const UserEntity = new Entity(
  {
    model: { entity: "user", version: "1", service: "payloft" },
    attributes: {
      id: { type: "string", required: true },
      email: { type: "string", required: true },
      name: { type: "string", required: true, default: "" },
      picture: { type: "string" },
      google_sub: { type: "string" },
      role: { type: ["admin", "creator", "customer"] as const },
      is_admin: { type: "boolean", required: true, default: false },
      onboarding_completed: { type: "boolean", required: true, default: false },
      /** free | starter | pro | business | lifetime; anything else reads as free (DECISIONS 3). */
      plan: { type: "string", required: true, default: "free" },
      billing_cycle: { type: "string" },
      /** DECISIONS 7: its own state, not onboarding_completed. */
      deactivated: { type: "boolean", required: true, default: false },
      stripe_customer_id: { type: "string" },
      subscription_id: { type: "string" },
      subscription_status: { type: "string" },
      /** Time of the last subscription event applied, to ignore stale, out-of-order events. */
      subscription_event_at: { type: "number" },
      /** Live products owned; the plan limit is enforced on it with a condition (DECISIONS 5). */
      product_count: { type: "number", required: true, default: 0 },
      granted_by: { type: "string" },
      last_login_at: { type: "string" },
      /** The identity provider's own name for the person (users/me google_user_data.name). */
      google_name: { type: "string" },
      /** Epoch ms of the last logout: sessions signed in before it are refused (server-side logout). */
      sessions_revoked_at: { type: "number" },
      ...timestamps,
    },
    indexes: {
      primary: {
        pk: { field: "pk", composite: ["id"], casing: "none" },
        sk: { field: "sk", composite: [], casing: "none" },
      },
      all: {
        index: "gsi2",
        pk: { field: "gsi2pk", composite: [], casing: "none" },
        sk: { field: "gsi2sk", composite: ["created_at"], casing: "none" },
      },
    },
  },
  cfg(),
);

/** Unique e-mail -> user id. Created with a condition so one e-mail is one person. */
export const EmailEntity = new Entity(
  {
    model: { entity: "email", version: "1", service: "payloft" },
    attributes: {
      email: { type: "string", required: true },
      user_id: { type: "string", required: true },
    },
    indexes: {
      primary: {
        pk: { field: "pk", composite: ["email"], casing: "none" },
        sk: { field: "sk", composite: [], casing: "none" },
      },
    },
  },
  cfg(),
);

/** A product. By creator: gsi1. By moderation status: gsi2. All (admin): gsi3. */
export const ProductEntity = new Entity(
  {
    model: { entity: "product", version: "1", service: "payloft" },
    attributes: {
      id: { type: "string", required: true },
      creator_id: { type: "string", required: true },
      name: { type: "string", required: true },
      headline: { type: "string", default: "" },
      subheadline: { type: "string", default: "" },
      description: { type: "string", default: "" },
      /** cents */
      price: { type: "number", required: true },
      content_url: { type: "string", required: true },
      media_type: { type: ["none", "image", "youtube", "video", "embed"] as const, required: true, default: "none" },
      media_url: { type: "string", default: "" },
      is_active: { type: "boolean", required: true, default: true },
      moderation_status: {
        type: ["pending", "under_review", "approved", "rejected"] as const,
        required: true,
        default: "approved",
      },
      moderation_notes: { type: "string" },
      moderated_by: { type: "string" },
      moderated_at: { type: "string" },
      /** Switched off because an admin deactivated the owner; reactivation switches it back on. */
      paused_with_owner: { type: "boolean" },
      sales_count: { type: "number", required: true, default: 0 },
      /** cents */
      total_revenue: { type: "number", required: true, default: 0 },
      view_count: { type: "number", required: true, default: 0 },
      ...timestamps,
    },
    indexes: {
      primary: {
        pk: { field: "pk", composite: ["id"], casing: "none" },
        sk: { field: "sk", composite: [], casing: "none" },
      },
      byCreator: {
        index: "gsi1",
        pk: { field: "gsi1pk", composite: ["creator_id"], casing: "none" },
        sk: { field: "gsi1sk", composite: ["created_at"], casing: "none" },
      },
      byStatus: {
        index: "gsi2",
        pk: { field: "gsi2pk", composite: ["moderation_status"], casing: "none" },
        sk: { field: "gsi2sk", composite: ["created_at"], casing: "none" },
      },
      all: {
        index: "gsi3",
        pk: { field: "gsi3pk", composite: [], casing: "none" },
        sk: { field: "gsi3sk", composite: ["created_at"], casing: "none" },
      },
    },
  },
  cfg(),
);

/**
 * A completed purchase. Its id IS the checkout session id, so a conditional create makes
 * fulfilment exactly-once. By creator (sales history): gsi1. By buyer e-mail (portal): gsi2.
 * All sales (admin): gsi3. Names are snapshots so deleted products/users keep their sales.
 */
export const PurchaseEntity = new Entity(
  {
    model: { entity: "purchase", version: "1", service: "payloft" },
    attributes: {
      id: { type: "string", required: true },
      product_id: { type: "string", required: true },
      product_name: { type: "string", required: true },
      product_description: { type: "string", default: "" },
      content_url: { type: "string", required: true },
      creator_id: { type: "string", required: true },
      creator_name: { type: "string", default: "" },
      customer_email: { type: "string", required: true },
      customer_user_id: { type: "string" },
      /** cents */
      amount: { type: "number", required: true },
      currency: { type: "string", required: true, default: "usd" },
      status: { type: ["completed", "refunded"] as const, required: true, default: "completed" },
      provider: { type: "string", required: true, default: "stripe" },
      payment_intent: { type: "string" },
      /** Set (conditionally) when the receipt e-mail is claimed, so retries never send a second one. */
      receipt_sent_at: { type: "string" },
      refunded_at: { type: "string" },
      access_count: { type: "number", required: true, default: 0 },
      last_accessed_at: { type: "string" },
      ...timestamps,
    },
    indexes: {
      primary: {
        pk: { field: "pk", composite: ["id"], casing: "none" },
        sk: { field: "sk", composite: [], casing: "none" },
      },
      byCreator: {
        index: "gsi1",
        pk: { field: "gsi1pk", composite: ["creator_id"], casing: "none" },
        sk: { field: "gsi1sk", composite: ["created_at"], casing: "none" },
      },
      byCustomer: {
        index: "gsi2",
        pk: { field: "gsi2pk", composite: ["customer_email"], casing: "none" },
        sk: { field: "gsi2sk", composite: ["created_at"], casing: "none" },
      },
      all: {
        index: "gsi3",
        pk: { field: "gsi3pk", composite: [], casing: "none" },
        sk: { field: "gsi3sk", composite: ["created_at"], casing: "none" },
      },
    },
  },
  cfg(),
);

/** A seller's customer, aggregated at purchase time: primary pk creator, sk e-mail. */
export const CustomerEntity = new Entity(
  {
    model: { entity: "customer", version: "1", service: "payloft" },
    attributes: {
      creator_id: { type: "string", required: true },
      email: { type: "string", required: true },
      total_purchases: { type: "number", required: true, default: 0 },
      total_spent: { type: "number", required: true, default: 0 },
      last_purchase_at: { type: "string" },
      products: { type: "set", items: "string" },
      ...timestamps,
    },
    indexes: {
      primary: {
        pk: { field: "pk", composite: ["creator_id"], casing: "none" },
        sk: { field: "sk", composite: ["email"], casing: "none" },
      },
    },
  },
  cfg(),
);

/** Platform-wide buyer aggregate for admin Customer Analytics: one partition, sk e-mail. */
export const BuyerEntity = new Entity(
  {
    model: { entity: "buyer", version: "1", service: "payloft" },
    attributes: {
      email: { type: "string", required: true },
      total_purchases: { type: "number", required: true, default: 0 },
      total_spent: { type: "number", required: true, default: 0 },
      creators: { type: "set", items: "string" },
      last_purchase_at: { type: "string" },
      ...timestamps,
    },
    indexes: {
      primary: {
        pk: { field: "pk", composite: [], casing: "none" },
        sk: { field: "sk", composite: ["email"], casing: "none" },
      },
    },
  },
  cfg(),
);

/**
 * Daily figures written at event time, so charts read ≤ 30 items. scope is
 * `creator#<id>`, `product#<id>` or `platform`; date is YYYY-MM-DD (UTC).
 */
export const DailyStatEntity = new Entity(
  {
    model: { entity: "daily", version: "1", service: "payloft" },
    attributes: {
      scope: { type: "string", required: true },
      date: { type: "string", required: true },
      sales: { type: "number", required: true, default: 0 },
      revenue: { type: "number", required: true, default: 0 },
      views: { type: "number", required: true, default: 0 },
      new_users: { type: "number", required: true, default: 0 },
    },
    indexes: {
      primary: {
        pk: { field: "pk", composite: ["scope"], casing: "none" },
        sk: { field: "sk", composite: ["date"], casing: "none" },
      },
    },
  },
  cfg(),
);

/**
 * Running totals, one item per scope (`creator#<id>` or `platform`), updated in the same
 * transaction as the event they count. Dashboards read one item.
 */
export const CounterEntity = new Entity(
  {
    model: { entity: "counter", version: "1", service: "payloft" },
    attributes: {
      scope: { type: "string", required: true },
      sales: { type: "number", required: true, default: 0 },
      revenue: { type: "number", required: true, default: 0 },
      views: { type: "number", required: true, default: 0 },
      customers: { type: "number", required: true, default: 0 },
      products: { type: "number", required: true, default: 0 },
      active_products: { type: "number", required: true, default: 0 },
      users: { type: "number", required: true, default: 0 },
      active_users: { type: "number", required: true, default: 0 },
      /** Users per stored plan id, e.g. { starter: 3, pro: 1 }. */
      plan_users: {
        type: "map",
        properties: {
          free: { type: "number" },
          starter: { type: "number" },
          pro: { type: "number" },
          business: { type: "number" },
          lifetime: { type: "number" },
        },
      },
    },
    indexes: {
      primary: {
        pk: { field: "pk", composite: ["scope"], casing: "none" },
        sk: { field: "sk", composite: [], casing: "none" },
      },
    },
  },
  cfg(),
);

/** A seller's payment integration (one per seller). Secrets are stored encrypted only. */
export const IntegrationEntity = new Entity(
  {
    model: { entity: "integration", version: "1", service: "payloft" },
    attributes: {
      user_id: { type: "string", required: true },
      provider: { type: ["stripe", "paypal"] as const, required: true, default: "stripe" },
      is_active: { type: "boolean", required: true, default: true },
      is_live: { type: "boolean", required: true, default: false },
      stripe_publishable_key: { type: "string" },
      stripe_secret_key_enc: { type: "string" },
      paypal_client_id: { type: "string" },
      paypal_client_secret_enc: { type: "string" },
      paypal_webhook_id: { type: "string" },
      webhook_endpoint_id: { type: "string" },
      webhook_secret_enc: { type: "string" },
      ...timestamps,
    },
    indexes: {
      primary: {
        pk: { field: "pk", composite: ["user_id"], casing: "none" },
        sk: { field: "sk", composite: [], casing: "none" },
      },
    },
  },
  cfg(),
);

/** Remembers what a checkout session is for, so the success page can reconcile it. */
export const CheckoutEntity = new Entity(
  {
    model: { entity: "checkout", version: "1", service: "payloft" },
    attributes: {
      session_id: { type: "string", required: true },
      kind: { type: ["product", "plan"] as const, required: true },
      product_id: { type: "string" },
      creator_id: { type: "string" },
      user_id: { type: "string" },
      plan: { type: "string" },
      billing_cycle: { type: "string" },
      amount: { type: "number" },
      ...timestamps,
    },
    indexes: {
      primary: {
        pk: { field: "pk", composite: ["session_id"], casing: "none" },
        sk: { field: "sk", composite: [], casing: "none" },
      },
    },
  },
  cfg(),
);

/** Platform settings (admin System Settings): one partition, sk key. */
export const SettingEntity = new Entity(
  {
    model: { entity: "setting", version: "1", service: "payloft" },
    attributes: {
      key: { type: "string", required: true },
      value: { type: "string", required: true },
      description: { type: "string", default: "" },
      category: {
        type: ["branding", "contact", "finance", "emails", "moderation", "limits", "system"] as const,
        required: true,
      },
      updated_by: { type: "string" },
      ...timestamps,
    },
    indexes: {
      primary: {
        pk: { field: "pk", composite: [], casing: "none" },
        sk: { field: "sk", composite: ["key"], casing: "none" },
      },
    },
  },
  cfg(),
);

/** Announcements: one partition, sk id. */
export const AnnouncementEntity = new Entity(
  {
    model: { entity: "announcement", version: "1", service: "payloft" },
    attributes: {
      id: { type: "string", required: true },
      title: { type: "string", required: true },
      content: { type: "string", required: true },
      type: { type: ["info", "warning", "success", "error"] as const, required: true, default: "info" },
      target_audience: { type: ["all", "creators", "customers", "admins"] as const, required: true, default: "all" },
      is_active: { type: "boolean", required: true, default: true },
      created_by: { type: "string" },
      ...timestamps,
    },
    indexes: {
      primary: {
        pk: { field: "pk", composite: [], casing: "none" },
        sk: { field: "sk", composite: ["id"], casing: "none" },
      },
    },
  },
  cfg(),
);

/**
 * OpenAuth issuer storage (signing keys, authorization codes, refresh tokens) on the same
 * table. `ns` + `key` mirror OpenAuth's key parts; `expires_at` (epoch s) is checked on read
 * and is also the table's TTL attribute so stale codes/tokens are removed by DynamoDB.
 */
export const AuthStoreEntity = new Entity(
  {
    model: { entity: "authstore", version: "1", service: "payloft" },
    attributes: {
      ns: { type: "string", required: true },
      key: { type: "string", required: true },
      value: { type: "string", required: true },
      expires_at: { type: "number" },
    },
    indexes: {
      primary: {
        pk: { field: "pk", composite: ["ns"], casing: "none" },
        sk: { field: "sk", composite: ["key"], casing: "none" },
      },
    },
  },
  cfg(),
);

/** All entities as one service, for transactions across them. */
export const Db = new Service(
  {
    user: UserEntity,
    email: EmailEntity,
    product: ProductEntity,
    purchase: PurchaseEntity,
    customer: CustomerEntity,
    buyer: BuyerEntity,
    daily: DailyStatEntity,
    counter: CounterEntity,
    integration: IntegrationEntity,
    checkout: CheckoutEntity,
    setting: SettingEntity,
    announcement: AnnouncementEntity,
  },
  cfg(),
);
