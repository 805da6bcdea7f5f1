import { describe, expect, it } from "vitest";
import { call, useStack } from "@payloft/local/testing/index";
import { settle } from "@payloft/local/stripe-sandbox/testing";
import { payOnSandbox, person, profileWhen } from "./platform-fixtures";

/**
 * Dunning: a creator's plan renewal fails at the platform's Stripe (the sandbox's helper), the
 * signed invoice.payment_failed reaches the platform webhook, and besides the plan going past
 * due (ApplyPlan) the creator gets one e-mail per failed invoice linking to Billing.
 */
const stack = useStack();

describe("dunning e-mails", () => {
  it("a failed renewal: one e-mail per invoice, even when Stripe delivers it again", async () => {
    const email = "dunned@example.com";
    const { cookie, id } = await person(stack(), email, { name: "Dana" });
    const started = await call(stack(), "POST", "/api/platform/create-checkout-session", {
      cookie,
      body: { plan: "starter", billing_cycle: "monthly" },
    });
    await payOnSandbox(started.json.url, email);
    await profileWhen(stack(), cookie, (p) => p.plan === "starter");
    const { UserEntity } = await import("@payloft/core/db/entities");
    const subId = (await UserEntity.get({ id }).go()).data!.subscription_id!;
    const dunning = () =>
      stack().outbox.messages.filter((m) => m.to === email && m.subject === "Your Payloft payment failed");
    expect(dunning()).toHaveLength(0);

    const failed = await fetch(`${stack().stripe.url}/__sandbox/subscriptions/${subId}/fail_payment`, {
      method: "POST",
    });
    expect(failed.status).toBe(200);
    await profileWhen(stack(), cookie, () => true);
    await settle(stack());
    expect(dunning()).toHaveLength(1);
    expect(dunning()[0]!.text).toContain("Hi Dana,");
    expect(dunning()[0]!.text).toContain(
      `${process.env.SITE_URL!.replace(/\/$/, "")}/dashboard?section=settings&tab=billing`,
    );

    // The same event delivered again (Stripe retries): still one.
    const [record] = [...stack().stripe.store.accounts.values()]
      .flatMap((a) => a.events)
      .filter((r) => r.event.type === "invoice.payment_failed");
    const { signatureHeader } = await import("@payloft/local/stripe-sandbox/index");
    const payload = JSON.stringify(record!.event);
    const res = await fetch(`${stack().url}/api/webhooks/stripe`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "stripe-signature": signatureHeader(payload, process.env.LOCAL_STRIPE_WEBHOOK_SECRET!),
      },
      body: payload,
    });
    expect(res.status).toBe(200);
    await settle(stack());
    expect(dunning()).toHaveLength(1);

    // The next renewal's invoice fails too: that one is told again.
    await fetch(`${stack().stripe.url}/__sandbox/subscriptions/${subId}/fail_payment`, { method: "POST" });
    await profileWhen(stack(), cookie, () => true);
    await settle(stack());
    expect(dunning()).toHaveLength(2);
  }, 90_000);
});
