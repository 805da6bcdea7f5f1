import { Product } from "../product/index";
import { Sales } from "../sales/index";
import { parseInput } from "../validation";
import { Affiliate } from "../affiliate/index";
import { memberOf, membersOf } from "../membership/list";
import {
  AffiliateList,
  CustomerList,
  Membership,
  MembershipList,
  PageQuery,
  Product as ProductOut,
  ProductList,
  SaleList,
} from "./schemas";

/**
 * The public REST API v1 (Business plan): a creator's products, sales and customers through
 * an API key. Every operation is the dashboard's own core operation (same validation, plan
 * limits and ownership checks), with prices in cents and cursor-paginated lists; answers are
 * shaped by the schemas the OpenAPI document is generated from.
 */
export namespace PublicApi {
  const page = (query: unknown) => {
    const { cursor, limit } = parseInput(PageQuery, query, { prefixField: true });
    return { cursor, limit: limit ?? Sales.DEFAULT_PAGE };
  };

  export async function listProducts(creatorId: string, query: unknown) {
    const { cursor, limit } = page(query);
    const res = await Sales.withCursor(() => Product.page(creatorId, cursor ?? null, limit));
    return ProductList.parse({ data: res.products, next_cursor: res.nextCursor });
  }

  export const createProduct = async (creatorId: string, body: unknown) =>
    ProductOut.parse(await Product.create(creatorId, body, { price: "cents" }));

  export const getProduct = async (creatorId: string, id: string) =>
    ProductOut.parse(await Product.ownedView(creatorId, id));

  export const updateProduct = async (creatorId: string, id: string, body: unknown) =>
    ProductOut.parse(await Product.update(creatorId, id, body, { price: "cents" }));

  export async function sales(creatorId: string, query: unknown) {
    const res = await Sales.history(creatorId, page(query));
    return SaleList.parse({ data: res.sales, next_cursor: res.nextCursor });
  }

  export async function customers(creatorId: string, query: unknown) {
    const res = await Sales.customers(creatorId, page(query));
    return CustomerList.parse({ data: res.customers, next_cursor: res.nextCursor });
  }

  /** GET /api/v1/affiliates: every affiliate and open invitation, with their figures. */
  export async function affiliates(creatorId: string) {
    return AffiliateList.parse({ data: await Affiliate.list(creatorId) });
  }

  /** GET /api/v1/memberships?status=&tier=&cursor=&limit=: the creator's members, newest first. */
  export async function memberships(creatorId: string, query: unknown) {
    const res = await membersOf(creatorId, query);
    return MembershipList.parse({ data: res.memberships, next_cursor: res.nextCursor });
  }

  export const membership = async (creatorId: string, id: string) => Membership.parse(await memberOf(creatorId, id));
}
