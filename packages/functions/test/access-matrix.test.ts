import { beforeAll, describe, expect, it } from "vitest";
import { call, useStack } from "@payloft/local/testing/index";
import { routes, routeKey, type Access, type RouteDef } from "../src/routes";
import { signInAdmin, signInWithRole, signInWithoutRole } from "./actors";

/**
 * Every row of THE route table, called by every kind of caller with a minimal body: the
 * answer must match the row's `access`. Iterating the table means a new route is covered the
 * day it is added. The expectations are written from the route table's documented rules,
 * not by calling the wrapper's own check, so a drift in either shows up here.
 */
const stack = useStack();

type Caller = "anonymous" | "newcomer" | "customer" | "creator" | "admin";
const CALLERS: Caller[] = ["anonymous", "newcomer", "customer", "creator", "admin"];
const cookies: Partial<Record<Caller, string>> = {};
let apiKey = "";

beforeAll(async () => {
  cookies.newcomer = (await signInWithoutRole(stack(), "nora@example.com")).cookie;
  cookies.customer = (await signInWithRole(stack(), "cara@example.com", "customer")).cookie;
  cookies.creator = (await signInWithRole(stack(), "ann@example.com", "creator")).cookie;
  cookies.admin = (await signInAdmin(stack())).cookie; // is_admin via AdminEmails, no role chosen
  const holder = await signInWithRole(stack(), "kay@example.com", "creator");
  const { UserEntity } = await import("@payloft/core/db/entities");
  await UserEntity.patch({ id: holder.id }).set({ plan: "business" }).go();
  apiKey = (await call(stack(), "POST", "/api/api-keys", { cookie: holder.cookie, body: { name: "matrix" } })).json.key;
});

/** Who the route table says may call a route of each access level. */
const ALLOWED: Record<Access, Caller[]> = {
  anonymous: CALLERS,
  user: ["newcomer", "customer", "creator", "admin"],
  customer: ["customer"],
  creator: ["creator", "admin"], // admins sell too
  admin: ["admin"],
  apikey: [], // the public API opens only to an API key, never to a session cookie
};

/** A made-up id for every path parameter, so the call reaches the handler. */
const concretePath = (r: RouteDef) => r.path.replace(/\{[^}]+\}/g, "made-up-id-1");
const minimalBody = (r: RouteDef) => (["POST", "PUT", "PATCH"].includes(r.method) ? {} : undefined);

/**
 * Domain rules that refuse a caller the route's access level lets in, with their own code
 * (not the access wrapper's): plans are for creators, so a customer is told to start selling.
 */
const DOMAIN_REFUSALS: Record<string, Partial<Record<Caller, string>>> = {
  "POST /api/platform/create-lifetime-checkout": { customer: "plan.creators_only" },
  // API keys and outgoing webhooks are Business features (rule: Features by plan): a free creator is
  // offered the upgrade; admins have every feature.
  ...Object.fromEntries(
    routes
      .filter((r) => /^\/api\/(api-keys|webhook-endpoints)/.test(r.path))
      .map((r) => [routeKey(r), { creator: "plan.feature_locked" }]),
  ),
};

// Logout ends every session of the caller, so it runs last.
const ordered = [...routes].sort((a, b) => Number(a.path === "/api/logout") - Number(b.path === "/api/logout"));

describe("the route table's access rules hold for every route", () => {
  it("covers every row of the table", () => {
    expect(ordered).toHaveLength(routes.length);
    expect(new Set(ordered.map(routeKey)).size).toBe(routes.length);
  });

  it.each(ordered.map((r) => [routeKey(r), r] as const))("%s", async (_key, route) => {
    for (const caller of CALLERS) {
      const res = await call(stack(), route.method, concretePath(route), {
        body: minimalBody(route),
        cookie: cookies[caller],
      });
      const what = `${routeKey(route)} as ${caller} → ${res.status} ${res.text.slice(0, 200)}`;
      expect(res.status, what).not.toBe(500);
      expect(res.status, what).toBeLessThan(500);
      const domainCode = DOMAIN_REFUSALS[routeKey(route)]?.[caller];
      if (domainCode) {
        expect(res.status, what).toBe(403);
        expect(res.json?.code, what).toBe(domainCode);
      } else if (ALLOWED[route.access].includes(caller)) {
        // A feature the caller's PLAN lacks (rule: Features by plan) is a 403 {error, upgrade}, not a role refusal.
        if (res.status === 403 && typeof res.json?.upgrade === "string") continue;
        expect([401, 403], what).not.toContain(res.status);
      } else if (route.access === "apikey") {
        expect(res.status, what).toBe(401);
        expect(res.json?.code, what).toBe("auth.api_key_missing");
      } else if (caller === "anonymous") {
        expect(res.status, what).toBe(401);
        expect(res.json?.error, what).toBe("Please sign in to continue.");
      } else {
        expect(res.status, what).toBe(403);
        expect(res.json?.error, what).toBe("You do not have permission to do this.");
      }
    }
  });
});

describe("the public API opens to a Business creator's key", () => {
  it.each(ordered.filter((r) => r.access === "apikey").map((r) => [routeKey(r), r] as const))(
    "%s",
    async (_key, route) => {
      const res = await call(stack(), route.method, concretePath(route), {
        body: minimalBody(route),
        headers: { authorization: `Bearer ${apiKey}` },
      });
      const what = `${routeKey(route)} with a key → ${res.status} ${res.text.slice(0, 200)}`;
      expect([401, 403, 500], what).not.toContain(res.status);
    },
  );
});
