import { invalidRequest, notFound } from "./errors";
import {
  createPlan,
  createProduct,
  listPlans,
  patchObject,
  PLAN_PATCHABLE,
  PRODUCT_PATCHABLE,
  setPlanStatus,
} from "./catalog";
import { createSubscription, showSubscription } from "./subscriptions";
import { reviseSubscription } from "./subscription-revise";
import { changeSubscription, patchSubscription, subscriptionOf, transactionsOf } from "./subscription-actions";
import { present, type Json, type Merchant } from "./store";
import type { ApiAnswer, ApiRequest } from "./api";
import type { PayPal } from "./context";
import { refundSale, showSaleRefund } from "./sale-refunds";

/**
 * The Catalog Products v1 and Subscriptions v1 routes (and GET /v1/payments/sale/:id, which a
 * subscription's PAYMENT.SALE.COMPLETED names). Undefined for any other path.
 */
const parse = (raw: string): unknown => {
  if (!raw.trim()) return {};
  try {
    return JSON.parse(raw);
  } catch {
    throw invalidRequest("MALFORMED_REQUEST_JSON", "The request JSON is not well formed.");
  }
};
const object = (raw: string): Json => {
  const v = parse(raw);
  if (!v || typeof v !== "object" || Array.isArray(v))
    throw invalidRequest("MALFORMED_REQUEST_JSON", "The request JSON is not well formed.");
  return v as Json;
};
const done = (body: unknown = undefined, status = body === undefined ? 204 : 200): ApiAnswer => ({ status, body });

export function routeBilling(pp: PayPal, m: Merchant, req: ApiRequest): ApiAnswer | undefined {
  const { method, path } = req;
  const query = req.query ?? new URLSearchParams();
  if (path === "/v1/catalogs/products") {
    if (method === "POST") return done(present(createProduct(pp, m, object(req.raw))), 201);
    if (method === "GET") return done({ products: Object.values(m.products).map(present), links: [] });
  }
  const product = /^\/v1\/catalogs\/products\/([A-Za-z0-9_-]+)$/.exec(path);
  if (product) {
    const found = m.products[product[1]!];
    if (!found) throw notFound("The specified resource does not exist.");
    if (method === "GET") return done(present(found));
    if (method === "PATCH") {
      patchObject(found, parse(req.raw), PRODUCT_PATCHABLE);
      found.update_time = pp.store.billingIso();
      pp.store.changed();
      return done();
    }
  }
  if (path === "/v1/billing/plans") {
    if (method === "POST") return done(present(createPlan(pp, m, object(req.raw))), 201);
    if (method === "GET") return done(listPlans(m, query));
  }
  const plan = /^\/v1\/billing\/plans\/([A-Za-z0-9-]+)(?:\/(activate|deactivate))?$/.exec(path);
  if (plan) {
    const found = m.plans[plan[1]!];
    if (!found) throw notFound("The specified resource does not exist.");
    if (method === "GET" && !plan[2]) return done(present(found));
    if (method === "PATCH" && !plan[2]) {
      patchObject(found, parse(req.raw), PLAN_PATCHABLE);
      found.update_time = pp.store.billingIso();
      pp.store.changed();
      return done();
    }
    if (method === "POST" && plan[2]) {
      setPlanStatus(pp, m, found.id, plan[2] as "activate" | "deactivate");
      return done();
    }
  }
  if (path === "/v1/billing/subscriptions" && method === "POST")
    return done(showSubscription(pp, createSubscription(pp, m, object(req.raw))), 201);
  const sub =
    /^\/v1\/billing\/subscriptions\/([A-Za-z0-9-]+)(?:\/(cancel|suspend|activate|transactions|revise))?$/.exec(path);
  if (sub) {
    const found = subscriptionOf(m, sub[1]!);
    if (method === "GET" && !sub[2]) return done(showSubscription(pp, found));
    if (method === "GET" && sub[2] === "transactions") return done(transactionsOf(m, found, query));
    if (method === "PATCH" && !sub[2]) {
      patchSubscription(pp, m, found, parse(req.raw));
      return done();
    }
    if (method === "POST" && sub[2] === "revise") return done(reviseSubscription(pp, m, found, object(req.raw)));
    if (method === "POST" && sub[2] && sub[2] !== "transactions") {
      changeSubscription(pp, m, found, sub[2], object(req.raw));
      return done();
    }
  }
  const sale = /^\/v1\/payments\/sale\/([A-Z0-9]+)(\/refund)?$/.exec(path);
  if (sale && method === "GET" && !sale[2]) {
    const found = m.sales[sale[1]!];
    if (!found) throw notFound("The requested resource ID was not found.");
    return done(present(found));
  }
  if (sale && method === "POST" && sale[2]) return done(present(refundSale(pp, m, sale[1]!, object(req.raw))), 201);
  const refund = /^\/v1\/payments\/refund\/([A-Z0-9]+)$/.exec(path);
  if (refund && method === "GET") return done(present(showSaleRefund(m, refund[1]!)));
  return undefined;
}
