import { afterEach, describe, expect, it, vi } from "vitest";
import { logger } from "@payloft/core/log/index";
import { routes } from "@payloft/functions/routes";
import { WEBHOOK_FAILED, WEBHOOK_FAILED_PATTERN, isWebhookRoute } from "@payloft/functions/monitoring";
import { call, useStack } from "../src/testing/index";

/**
 * The webhook-failure alarm counts log lines with a CloudWatch Logs filter (infra/alarms.ts):
 * these tests check the wrapper writes exactly the line the filter looks for, on the webhooks
 * it does not accept and nowhere else. The alarms, filters and tracing the stage declares are
 * checked on the deploy program in infra.test.ts.
 */
const stack = useStack();
afterEach(() => vi.restoreAllMocks());

/** What `{ $.message = "..." }` matches: a JSON log line whose message is exactly that text. */
const filterMatches = (line: Record<string, unknown>) => {
  const wanted = /^\{ \$\.message = "(.+)" \}$/.exec(WEBHOOK_FAILED_PATTERN)?.[1];
  return wanted !== undefined && line.message === wanted;
};

describe("webhook failure alarm", () => {
  it("every provider webhook route is watched", () => {
    const watched = routes.filter(isWebhookRoute).map((r) => `${r.method} ${r.path}`);
    expect(watched).toEqual(
      expect.arrayContaining([
        "POST /api/webhooks/stripe",
        "POST /api/webhooks/stripe/{sellerId}",
        "POST /api/webhooks/paypal/{sellerId}",
      ]),
    );
    expect(routes.filter((r) => r.path === "/api/products").some(isWebhookRoute)).toBe(false);
  });

  it("a webhook we refuse writes the line the filter counts, with its status", async () => {
    const warn = vi.spyOn(logger, "warn");
    const res = await call(stack(), "POST", "/api/webhooks/stripe", {
      rawBody: JSON.stringify({ id: "evt_forged", type: "checkout.session.completed" }),
      headers: { "content-type": "application/json", "stripe-signature": "t=1,v1=forged" },
    });
    expect(res.status).toBe(400);
    const lines = warn.mock.calls.filter(([message]) => message === WEBHOOK_FAILED);
    expect(lines).toHaveLength(1);
    const [message, extra] = lines[0]!;
    expect(extra).toMatchObject({ status: 400 });
    expect(filterMatches({ level: "WARN", message, ...(extra as object) })).toBe(true);
  });

  it("other routes' refusals are not webhook failures", async () => {
    const warn = vi.spyOn(logger, "warn");
    expect((await call(stack(), "POST", "/api/products", { body: { name: "x" } })).status).toBe(401);
    expect(warn.mock.calls.some(([message]) => message === WEBHOOK_FAILED)).toBe(false);
  });
});
