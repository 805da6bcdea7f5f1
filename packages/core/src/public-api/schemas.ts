import * as z from "zod";
import { ApiCreateProductInput, ApiUpdateProductInput } from "../product/input";
import { ProductInfo } from "../product/info";
import { Sales } from "../sales/index";

/**
 * The public REST API's contract as zod schemas: the handlers validate requests and shape
 * answers with exactly these objects, and GET /api/v1/openapi.json is generated from them, so
 * the document cannot drift from what the API does. Requests and responses are registered
 * apart because JSON Schema describes a request's input side and a response's output side.
 */
export type SchemaMeta = { id: string; description?: string };
export const requestSchemas = z.registry<SchemaMeta>();
export const responseSchemas = z.registry<SchemaMeta>();

export const PageQuery = Sales.PageInput;

export const ProductCreate = ApiCreateProductInput;
requestSchemas.add(ProductCreate, {
  id: "ProductCreate",
  description:
    "A new product. `price` is in the minor unit of `currency` (default usd): 1234 usd = $12.34, 950 eur = €9.50, 950 jpy = ¥950. The plan's product limit applies.",
});
export const ProductUpdate = ApiUpdateProductInput;
requestSchemas.add(ProductUpdate, {
  id: "ProductUpdate",
  description:
    "Only the fields sent change. The result is checked like a new product; the currency cannot change once the product has sales (409 product.currency_locked). The product's id, sales page and sales stay, and buyers keep what they bought.",
});

export const Product = ProductInfo;
responseSchemas.add(Product, {
  id: "Product",
  description: "One of your products. Amounts are in the minor unit of its `currency`.",
});

const page = <T extends z.ZodType>(item: T) =>
  z.object({
    data: z.array(item),
    next_cursor: z.string().nullable().describe("Pass as `cursor` to get the next page; null on the last page."),
  });

export const ProductList = page(Product);
responseSchemas.add(ProductList, { id: "ProductList" });

export const Sale = z.object({
  id: z.string(),
  order_id: z
    .string()
    .describe(
      "The payment this sale was part of: several sales of one checkout (an order bump, a cart) share it; a sale paid on its own has its own id here.",
    ),
  created_at: z.string(),
  product_id: z.string(),
  product_name: z.string(),
  customer_email: z.string(),
  amount: z
    .number()
    .int()
    .describe(
      "The price the buyer paid, net of tax (your revenue), in the minor unit of `currency` (cents; yen for jpy).",
    ),
  tax: z.number().int().describe("Tax collected on top of `amount` (automatic tax), in the same unit; 0 when none."),
  currency: z.string().describe("Lower-case ISO 4217 code, e.g. usd, eur, jpy."),
  status: z.enum(["completed", "refunded", "disputed"]),
  affiliate: z
    .object({
      id: z.string(),
      email: z.string(),
      commission: z.object({
        amount: z.number().int().describe("Rounded down, in the minor unit of `currency`."),
        currency: z.string(),
      }),
    })
    .nullable()
    .describe("The affiliate whose link brought the sale and their commission; null when none."),
});
responseSchemas.add(Sale, { id: "Sale", description: "One sale of one of your products." });
export const SaleList = page(Sale);
responseSchemas.add(SaleList, { id: "SaleList" });

export const Customer = z.object({
  email: z.string(),
  total_purchases: z.number().int(),
  total_spent: z.number().int().describe("In US cents: sales in USD only (other currencies are in spent_by_currency)."),
  spent_by_currency: z
    .record(z.string(), z.number().int())
    .describe(
      "What they spent in each currency, keyed by lower-case code, in its minor unit, e.g. {usd: 2500, eur: 950}.",
    ),
  last_purchase_at: z.string().nullable(),
  products: z.array(z.string()).describe("Names of the products they bought."),
});
responseSchemas.add(Customer, { id: "Customer", description: "Someone who bought from you." });
export const CustomerList = page(Customer);
responseSchemas.add(CustomerList, { id: "CustomerList" });

export const Affiliate = z.object({
  id: z.string(),
  email: z.string(),
  status: z.enum(["invited", "declined", "active", "paused"]),
  commission_percent: z.number().int().describe("1–75: the share of each sale they bring."),
  product_ids: z.array(z.string()).nullable().describe("null: all your products."),
  link: z.string().nullable().describe("Their link, once they accepted."),
  clicks: z.number().int().describe("People who followed their links (each counted once per half hour)."),
  sales: z.number().int(),
  earned: z.record(z.string(), z.number().int()).describe("Commission earned per currency, minor units."),
  paid: z.record(z.string(), z.number().int()).describe("What you recorded as paid, per currency."),
  due: z.record(z.string(), z.number().int()).describe("Earned minus paid, per currency."),
  payouts: z
    .array(
      z.object({
        amount: z.number().int().describe("Minor units of `currency`."),
        currency: z.string(),
        paid_at: z.string().describe("ISO 8601: when you recorded it."),
        note: z.string().nullable(),
      }),
    )
    .describe("What you recorded as paid (Mark as paid), newest first."),
});
responseSchemas.add(Affiliate, { id: "Affiliate", description: "Someone you invited to promote your products." });
export const AffiliateList = z.object({ data: z.array(Affiliate) });
responseSchemas.add(AffiliateList, { id: "AffiliateList" });

export const Membership = z.object({
  id: z.string().describe("The provider's subscription id."),
  product_id: z.string(),
  product_name: z.string(),
  tier: z.string().describe("The tier's id."),
  tier_name: z.string(),
  interval: z.enum(["month", "quarter", "year"]),
  status: z
    .enum(["trialing", "active", "past_due", "canceled", "ended"])
    .describe("`canceled`: set to end at `current_period_end`, with access until then."),
  current_period_end: z.string().describe("ISO 8601: the end of the paid period or trial."),
  cancel_at_period_end: z.boolean(),
  amount: z.number().int().describe("One period's price, minor units of `currency`."),
  next_amount: z.number().int().nullable().describe("The next charge; null when none is coming."),
  currency: z.string(),
  customer_email: z.string(),
  created_at: z.string(),
  ended_at: z.string().nullable(),
});
responseSchemas.add(Membership, {
  id: "Membership",
  description: "A buyer's recurring access to one of your products.",
});
export const MembershipList = page(Membership);
responseSchemas.add(MembershipList, { id: "MembershipList" });
export { ListInput as MembershipQuery, DeleteProductInput as ProductDeleteQuery } from "../membership/list";
export const MembershipCancel = z.object({
  at_period_end: z
    .boolean()
    .optional()
    .describe("true (the default): it ends at the period's end, with access until then; false: it ends now."),
});
requestSchemas.add(MembershipCancel, { id: "MembershipCancel" });

export const Deleted = z.object({ id: z.string(), deleted: z.literal(true) });
responseSchemas.add(Deleted, { id: "Deleted" });

export const ApiErrorBody = z.object({
  error: z.string().describe("What went wrong, written to be shown to a person."),
  code: z.string().describe("A stable code, e.g. `plan.limit_reached`."),
  upgrade: z.string().optional().describe("On 403 `plan.feature_locked`: the plan that includes the feature."),
  limit: z.number().int().optional().describe("On 403 `plan.limit_reached`: the plan's product limit."),
  retry_after: z.number().int().optional().describe("On 429: seconds to wait."),
});
responseSchemas.add(ApiErrorBody, { id: "Error" });
