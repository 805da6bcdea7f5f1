import type { z } from "zod";
import type { $ZodObject } from "zod/v4/core";
import {
  AffiliateList,
  CustomerList,
  Deleted,
  Membership,
  MembershipCancel,
  MembershipList,
  MembershipQuery,
  PageQuery,
  Product,
  ProductCreate,
  ProductDeleteQuery,
  ProductList,
  ProductUpdate,
  SaleList,
} from "@payloft/core/public-api/schemas";

/**
 * What the OpenAPI document says about each /api/v1 route of the route table, keyed by
 * "METHOD path". Schemas are the very objects the operations validate and answer with.
 */
export interface OperationDoc {
  operationId: string;
  summary: string;
  description?: string;
  tag: "Products" | "Sales" | "Customers" | "Affiliates" | "Memberships" | "Reference";
  query?: $ZodObject;
  body?: z.ZodType;
  response: { status: 200 | 201; description: string; schema?: z.ZodType };
  /** Readable without an API key. */
  open?: boolean;
}

const PAGED = "Newest first. `limit` is 1–100 (default 25); pass `next_cursor` back as `cursor` for the next page.";

export const operationDocs: Record<string, OperationDoc> = {
  "GET /api/v1/openapi.json": {
    operationId: "getOpenApi",
    summary: "This document",
    tag: "Reference",
    response: { status: 200, description: "The OpenAPI 3.1 document of the API." },
    open: true,
  },
  "GET /api/v1/products": {
    operationId: "listProducts",
    summary: "List products",
    description: PAGED,
    tag: "Products",
    query: PageQuery,
    response: { status: 200, description: "One page of your products.", schema: ProductList },
  },
  "POST /api/v1/products": {
    operationId: "createProduct",
    summary: "Create a product",
    description:
      "Validated like the dashboard's product form, with `price` in cents. Beyond your plan's product limit the answer is 403 `plan.limit_reached`.",
    tag: "Products",
    body: ProductCreate,
    response: { status: 201, description: "The new product.", schema: Product },
  },
  "GET /api/v1/products/{id}": {
    operationId: "getProduct",
    summary: "Get a product",
    tag: "Products",
    response: { status: 200, description: "The product.", schema: Product },
  },
  "PATCH /api/v1/products/{id}": {
    operationId: "updateProduct",
    summary: "Update a product",
    description:
      "Changes only the fields sent. `is_active: false` takes the product off sale. While new products need approval, a changed listing goes back to review.",
    tag: "Products",
    body: ProductUpdate,
    response: { status: 200, description: "The product as it is now.", schema: Product },
  },
  "DELETE /api/v1/products/{id}": {
    operationId: "deleteProduct",
    summary: "Delete a product",
    description:
      "Its sales stay in your records. A membership product with members answers 409 unless `cancel_memberships=true`: then every member is canceled at the end of the period paid for (they keep access until then) and the product is deleted.",
    tag: "Products",
    query: ProductDeleteQuery,
    response: { status: 200, description: "Deleted.", schema: Deleted },
  },
  "GET /api/v1/sales": {
    operationId: "listSales",
    summary: "List sales",
    description: PAGED,
    tag: "Sales",
    query: PageQuery,
    response: { status: 200, description: "One page of your sales.", schema: SaleList },
  },
  "GET /api/v1/customers": {
    operationId: "listCustomers",
    summary: "List customers",
    description: "`limit` is 1–100 (default 25); pass `next_cursor` back as `cursor` for the next page.",
    tag: "Customers",
    query: PageQuery,
    response: { status: 200, description: "One page of your customers.", schema: CustomerList },
  },
  "GET /api/v1/affiliates": {
    operationId: "listAffiliates",
    summary: "List affiliates",
    description:
      "Everyone you invited (removed ones left out), with their rate, link, and commission earned, paid and due.",
    tag: "Affiliates",
    response: { status: 200, description: "Your affiliates.", schema: AffiliateList },
  },
  "GET /api/v1/memberships": {
    operationId: "listMemberships",
    summary: "List memberships",
    description: `Your members, filtered by \`status\` and \`tier\` (a tier id). ${PAGED} A filtered page may hold fewer than \`limit\`: follow \`next_cursor\`.`,
    tag: "Memberships",
    query: MembershipQuery,
    response: { status: 200, description: "One page of your members.", schema: MembershipList },
  },
  "GET /api/v1/memberships/{id}": {
    operationId: "getMembership",
    summary: "Get a membership",
    tag: "Memberships",
    response: { status: 200, description: "The membership.", schema: Membership },
  },
  "POST /api/v1/memberships/{id}/cancel": {
    operationId: "cancelMembership",
    summary: "Cancel a membership",
    description:
      "Made on your Stripe account: at the period's end (the default; the member keeps access until then) or now (`at_period_end: false`: access ends at once). An ended membership answers 409.",
    tag: "Memberships",
    body: MembershipCancel,
    response: { status: 200, description: "The membership as it is now.", schema: Membership },
  },
};
