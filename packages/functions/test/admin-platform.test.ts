import { beforeAll, describe, expect, it } from "vitest";
import { call, useStack } from "@payloft/local/testing/index";
import { productBody, signInAdminCast, type Person } from "./actors";

const stack = useStack();
let admin: Person, ann: Person, cara: Person;

beforeAll(async () => {
  ({ admin, ann, cara } = await signInAdminCast(stack()));
});

const put = (body: unknown) => call(stack(), "PUT", "/api/admin/settings", { cookie: admin.cookie, body });
const settingValue = async (key: string) =>
  (await call(stack(), "GET", "/api/admin/settings", { cookie: admin.cookie })).json.settings.find(
    (s: any) => s.setting_key === key,
  )?.setting_value;

describe("system settings", () => {
  it("lists every default on a fresh stage, grouped by category", async () => {
    const res = await call(stack(), "GET", "/api/admin/settings", { cookie: admin.cookie });
    expect(res.status).toBe(200);
    const byKey = Object.fromEntries(res.json.settings.map((s: any) => [s.setting_key, s]));
    expect(byKey.commission_rate).toMatchObject({ id: "commission_rate", setting_value: "5", category: "finance" });
    expect(byKey.max_file_size).toMatchObject({ setting_value: "500", category: "limits" });
    expect(byKey.max_upload_size).toBeUndefined();
    expect(byKey.auto_approve_products).toMatchObject({ setting_value: "true", category: "moderation" });
    expect(byKey.maintenance_mode).toMatchObject({ setting_value: "false", category: "system" });
    expect(byKey.support_email).toMatchObject({ setting_value: "support@payloft.local", category: "contact" });
    expect(byKey.site_name).toMatchObject({ setting_value: "Payloft", category: "branding" });
    expect(byKey.receipt_email_template.category).toBe("emails");
    expect(byKey.receipt_email_template.setting_value).toContain("\n");
    expect(typeof byKey.commission_rate.description).toBe("string");
  });

  it("validates each key's type and refuses unknown keys", async () => {
    for (const [body, error] of [
      [{ key: "commission_rate", value: "abc" }, "commission_rate must be a number."],
      [{ key: "commission_rate", value: 150 }, "commission_rate must be between 0 and 100."],
      [{ key: "max_file_size", value: "" }, "max_file_size must be a number."],
      [{ key: "max_file_size", value: 6000 }, "max_file_size must be between 1 and 5120."],
      [{ key: "maintenance_mode", value: "yes" }, "maintenance_mode must be true (Enabled) or false (Disabled)."],
      [{ key: "support_email", value: "nope" }, "support_email must be a valid e-mail address."],
      [{ key: "favourite_colour", value: "red" }, 'Unknown setting "favourite_colour".'],
      [{ value: "5" }, "Please say which setting to change (key)."],
    ] as const) {
      const res = await put(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.json.error).toBe(error);
    }
  });

  it("saves one setting at a time and the change is visible at once", async () => {
    const res = await put({ key: "commission_rate", value: 7.5 });
    expect(res.status).toBe(200);
    expect(res.json.setting).toMatchObject({ setting_key: "commission_rate", setting_value: "7.5" });
    expect(await settingValue("commission_rate")).toBe("7.5");
    expect((await call(stack(), "GET", "/api/admin/finance", { cookie: admin.cookie })).json.commission_rate).toBe(7.5);
    await put({ key: "commission_rate", value: "5" });
    const template = "Hi {customer_name},\n\n  Thanks!";
    await put({ key: "receipt_email_template", value: template });
    expect(await settingValue("receipt_email_template")).toBe(template);
  });

  it("publishes the public status anonymously", async () => {
    const res = await call(stack(), "GET", "/api/public/status");
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      maintenance_mode: false,
      support_email: "support@payloft.local",
      site_name: "Payloft",
    });
  });
});

describe("maintenance mode (rule: Maintenance mode)", () => {
  it("answers 503 to non-admin calls while admins, sign-in and the status keep working", async () => {
    expect((await put({ key: "maintenance_mode", value: true })).status).toBe(200);
    try {
      for (const [who, path] of [
        [ann.cookie, "/api/products"],
        [cara.cookie, "/api/customer/purchases"],
        [undefined, "/api/public/products/x1"],
      ] as const) {
        const res = await call(stack(), "GET", path, { cookie: who });
        expect(res.status, path).toBe(503);
        expect(res.json.error).toBe("Payloft is down for maintenance. Please try again soon.");
      }
      expect((await call(stack(), "GET", "/api/admin/stats", { cookie: admin.cookie })).status).toBe(200);
      expect((await call(stack(), "GET", "/api/products", { cookie: admin.cookie })).status).toBe(200);
      const me = await call(stack(), "GET", "/api/users/me", { cookie: ann.cookie });
      expect(me.status).toBe(200);
      expect(me.json.id).toBe(ann.id);
      expect((await call(stack(), "GET", "/api/public/status")).json.maintenance_mode).toBe(true);
    } finally {
      await put({ key: "maintenance_mode", value: "false" });
    }
    expect((await call(stack(), "GET", "/api/products", { cookie: ann.cookie })).status).toBe(200);
  });
});

describe("product moderation (rule: Product approval)", () => {
  let productId: string;
  beforeAll(async () => {
    const made = await call(stack(), "POST", "/api/products", {
      cookie: ann.cookie,
      body: productBody("Moderated Guide"),
    });
    productId = made.json.id ?? made.json.product.id;
  });

  it("validates the status", async () => {
    const res = await call(stack(), "PUT", `/api/admin/products/${productId}/moderate`, {
      cookie: admin.cookie,
      body: { status: "banned" },
    });
    expect(res.status).toBe(400);
    expect(res.json.error).toBe("Please choose a status: pending, under_review, approved or rejected.");
    const missing = await call(stack(), "PUT", "/api/admin/products/nope/moderate", {
      cookie: admin.cookie,
      body: { status: "approved" },
    });
    expect(missing.status).toBe(404);
  });

  it("records who rejected it and when; a rejected product cannot be bought; approval restores it", async () => {
    const res = await call(stack(), "PUT", `/api/admin/products/${productId}/moderate`, {
      cookie: admin.cookie,
      body: { status: "rejected", notes: "Misleading claims" },
    });
    expect(res.status).toBe(200);
    expect(res.json.product).toMatchObject({
      moderation_status: "rejected",
      moderation_notes: "Misleading claims",
      moderated_by: admin.id,
      creator_name: "ann",
    });
    expect(Date.now() - Date.parse(res.json.product.moderated_at)).toBeLessThan(60_000);
    expect((await call(stack(), "GET", `/api/public/products/${productId}`)).json.is_active).toBe(false);
    const buy = await call(stack(), "POST", "/api/checkout/create-session", { body: { productId } });
    expect(buy.status).toBe(400);
    expect(buy.json.error).toBe("This product is currently unavailable for purchase.");

    const list = await call(stack(), "GET", "/api/admin/products?status=rejected", { cookie: admin.cookie });
    expect(list.json.products.map((p: any) => p.id)).toEqual([productId]);
    expect(list.json.counts).toMatchObject({ all: 1, rejected: 1, approved: 0, pending: 0, under_review: 0 });
    expect(list.json.products[0]).toMatchObject({ moderated_by_name: "Ada Admin", creator_email: "ann@example.com" });

    await call(stack(), "PUT", `/api/admin/products/${productId}/moderate`, {
      cookie: admin.cookie,
      body: { status: "approved" },
    });
    expect((await call(stack(), "GET", `/api/public/products/${productId}`)).json.is_active).toBe(true);
    const all = await call(stack(), "GET", "/api/admin/products", { cookie: admin.cookie });
    expect(all.json.counts).toMatchObject({ all: 1, approved: 1, rejected: 0 });
    expect((await call(stack(), "GET", "/api/admin/products?status=weird", { cookie: admin.cookie })).status).toBe(400);
  });
});

describe("announcements (rule: Announcements)", () => {
  const create = (body: unknown) => call(stack(), "POST", "/api/admin/announcements", { cookie: admin.cookie, body });

  it("requires title and content and checks type and audience", async () => {
    for (const [body, error] of [
      [{ content: "x" }, "Please enter a title."],
      [{ title: "  ", content: "x" }, "Please enter a title."],
      [{ title: "T" }, "Please enter the announcement content."],
      [{ title: "T", content: "x", type: "urgent" }, "Type must be one of: info, warning, success, error."],
      [
        { title: "T", content: "x", target_audience: "everyone" },
        "Audience must be one of: all, creators, customers, admins.",
      ],
    ] as const) {
      const res = await create(body);
      expect(res.status).toBe(400);
      expect(res.json.error).toBe(error);
    }
  });

  it("creates with defaults, shows each audience its own, edits, toggles and deletes", async () => {
    const made = await create({ title: "Welcome", content: "Hello everyone", created_by: "someone-else" });
    expect(made.status).toBe(201);
    expect(made.json.announcement).toMatchObject({
      type: "info",
      target_audience: "all",
      is_active: true,
      created_by: admin.id,
    });
    const forCreators = (
      await create({ title: "Sellers", content: "Payouts", type: "success", target_audience: "creators" })
    ).json.announcement;
    const forCustomers = (await create({ title: "Buyers", content: "Library", target_audience: "customers" })).json
      .announcement;
    const forAdmins = (await create({ title: "Admins", content: "Review queue", target_audience: "admins" })).json
      .announcement;
    const titles = async (cookie: string) =>
      (await call(stack(), "GET", "/api/announcements", { cookie })).json.announcements.map((a: any) => a.title).sort();
    expect(await titles(ann.cookie)).toEqual(["Sellers", "Welcome"]);
    expect(await titles(cara.cookie)).toEqual(["Buyers", "Welcome"]);
    expect(await titles(admin.cookie)).toEqual(["Admins", "Sellers", "Welcome"]);
    expect((await call(stack(), "GET", "/api/announcements")).status).toBe(401);

    const off = await call(stack(), "PUT", `/api/admin/announcements/${forCreators.id}`, {
      cookie: admin.cookie,
      body: { is_active: false },
    });
    expect(off.json.announcement).toMatchObject({ is_active: false, title: "Sellers" });
    expect(await titles(ann.cookie)).toEqual(["Welcome"]);
    const edited = await call(stack(), "PUT", `/api/admin/announcements/${forCustomers.id}`, {
      cookie: admin.cookie,
      body: { title: "Buyers!", type: "warning" },
    });
    expect(edited.json.announcement).toMatchObject({ title: "Buyers!", type: "warning", content: "Library" });
    expect(
      (
        await call(stack(), "PUT", `/api/admin/announcements/${forCustomers.id}`, {
          cookie: admin.cookie,
          body: { title: "" },
        })
      ).status,
    ).toBe(400);
    expect(
      (await call(stack(), "PUT", "/api/admin/announcements/nope", { cookie: admin.cookie, body: { title: "x" } }))
        .status,
    ).toBe(404);

    expect(
      (await call(stack(), "DELETE", `/api/admin/announcements/${forAdmins.id}`, { cookie: admin.cookie })).status,
    ).toBe(200);
    expect(
      (await call(stack(), "DELETE", `/api/admin/announcements/${forAdmins.id}`, { cookie: admin.cookie })).status,
    ).toBe(404);
    const all = await call(stack(), "GET", "/api/admin/announcements", { cookie: admin.cookie });
    expect(all.json.announcements.map((a: any) => a.title).sort()).toEqual(["Buyers!", "Sellers", "Welcome"]);
  });
});

describe("overview, charts, finance and lists read the maintained aggregates", () => {
  it("answers the stats from the platform counter and daily items (no Scan: a planted counter is what it reports)", async () => {
    const { CounterEntity, DailyStatEntity, BuyerEntity } = await import("@payloft/core/db/entities");
    const today = new Date().toISOString().slice(0, 10);
    const old = new Date(Date.now() - 40 * 86_400_000).toISOString().slice(0, 10);
    await CounterEntity.update({ scope: "platform" }).add({ sales: 7, revenue: 100_000 }).go();
    await DailyStatEntity.update({ scope: "platform", date: today })
      .add({ sales: 3, revenue: 4500, sales_eur: 1, revenue_eur: 900 })
      .go();
    await DailyStatEntity.update({ scope: "platform", date: old }).add({ sales: 4, revenue: 95_500 }).go();
    await BuyerEntity.put({
      email: "zed@example.com",
      total_purchases: 2,
      total_spent: 3000,
      creators: ["a", "b"],
      last_purchase_at: new Date().toISOString(),
    }).go();

    const stats = (await call(stack(), "GET", "/api/admin/stats", { cookie: admin.cookie })).json;
    expect(stats.users).toMatchObject({ total_users: 3, active_users: 3 });
    expect(stats.products).toMatchObject({
      total_revenue: 100_000,
      total_sales: 7,
      total_products: 1,
      active_products: 1,
    });
    expect(stats.recent).toMatchObject({ revenue_30d: 4500, new_sales_30d: 3 });

    const chart = (await call(stack(), "GET", "/api/admin/chart-data", { cookie: admin.cookie })).json.chartData;
    expect(chart).toHaveLength(30);
    expect(chart.at(-1)).toEqual({
      date: today,
      revenue: 4500,
      revenue_by_currency: { usd: 4500, eur: 900 },
      // The chart plots one currency's sales beside its revenue: two dollar sales, one euro sale.
      sales: 3,
      sales_by_currency: { usd: 2, eur: 1 },
      users: 3,
    });
    expect(chart[0]).toMatchObject({ revenue: 0, sales: 0, users: 0 });

    const finance = (await call(stack(), "GET", "/api/admin/finance", { cookie: admin.cookie })).json;
    expect(finance).toMatchObject({
      total_revenue: 100_000,
      total_sales: 7,
      commission_rate: 5,
      platform_commission: 5000,
      net_to_creators: 95_000,
      average_order_value: 14_286,
    });
    expect(finance.monthly).toHaveLength(12);
    expect(finance.monthly.reduce((s: number, m: any) => s + m.revenue, 0)).toBe(100_000);

    const customers = (await call(stack(), "GET", "/api/admin/customers", { cookie: admin.cookie })).json;
    expect(customers.customers).toEqual([
      expect.objectContaining({
        email: "zed@example.com",
        total_purchases: 2,
        total_spent: 3000,
        creators_purchased_from: 2,
      }),
    ]);
    expect((await call(stack(), "GET", "/api/admin/sales?status=bogus", { cookie: admin.cookie })).status).toBe(400);
  });

  it("lists the admin's own payment integrations", async () => {
    const res = await call(stack(), "GET", "/api/payment-integrations", { cookie: admin.cookie });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ integrations: [] });
  });
});
