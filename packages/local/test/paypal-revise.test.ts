import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { advanceSandboxClock, startReceiver, type Receiver } from "../src/testing/receiver";
import { paypalClient, PayPalRequestError } from "@payloft/core/paypal/client";
import { paypalCall } from "@payloft/core/paypal/http";
import { approveLinkOf, paypalBilling, type PayPalBilling } from "@payloft/core/paypal/billing";
import { startPayPalSandbox, type PayPalSandbox } from "../src/paypal-sandbox/index";

/**
 * The PayPal sandbox's plan revision (Subscriptions v1 revise), through Payloft's client: PayPal's
 * refusals, nothing changed until the buyer agrees on the approve link, then the new plan_id and
 * a signed UPDATED; no charge at the change, the new price from the next billing time.
 */
let sandbox: PayPalSandbox;
let receiver: Receiver;
const received: { event_type: string; resource: { id?: string; billing_agreement_id?: string } }[] = [];
const creds = { clientId: "seller-revise", clientSecret: "seller-revise-secret", live: false };
let billing: PayPalBilling;
const DAY = 86_400;
const BACK = "http://shop.test/customer-dashboard?tab=memberships";

beforeAll(async () => {
  sandbox = await startPayPalSandbox({ port: 0, retryDelaysMs: [100] });
  process.env.PAYPAL_API_URL = sandbox.url;
  receiver = await startReceiver("/hook", (raw) => void received.push(JSON.parse(raw)));
  billing = paypalBilling(creds);
  await paypalClient(creds).createWebhook(receiver.url, ["BILLING.SUBSCRIPTION.UPDATED", "PAYMENT.SALE.COMPLETED"]);
});
afterAll(async () => {
  await sandbox?.stop();
  await receiver?.close();
});

const refusal = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: unknown) => (e instanceof PayPalRequestError ? [e.status, e.issue] : e),
  );
const plan = (productId: string, unit: "MONTH" | "YEAR", value: string, currency = "USD") =>
  billing.createPlan(
    {
      product_id: productId,
      name: `${unit} ${value}`,
      billing_cycles: [
        {
          tenure_type: "REGULAR",
          sequence: 1,
          total_cycles: 0,
          frequency: { interval_unit: unit, interval_count: 1 },
          pricing_scheme: { fixed_price: { currency_code: currency, value } },
        },
      ],
    },
    randomUUID(),
  );
const product = async () => {
  const id = `PROD-${randomUUID().slice(0, 8)}`;
  await billing.createProduct({ id, name: "Club" });
  return id;
};
async function subscribed(planId: string) {
  const s = await billing.createSubscription({
    planId,
    customId: `ppm_${randomUUID()}`,
    brandName: "Payloft",
    returnUrl: "http://shop.test/ok",
    cancelUrl: "http://shop.test/no",
  });
  const res = await fetch(approveLinkOf(s)!, {
    method: "POST",
    body: new URLSearchParams({ email: "rae@example.com" }),
    redirect: "manual",
  });
  expect(res.status).toBe(303);
  await sandbox.idle();
  return s.id;
}
const salesOf = (id: string) =>
  received.filter((e) => e.event_type === "PAYMENT.SALE.COMPLETED" && e.resource.billing_agreement_id === id);

describe("PayPal sandbox: revising a subscription's plan", () => {
  it("refuses what PayPal refuses; changes only once the buyer agrees; bills the new plan from the next cycle", async () => {
    const club = await product();
    const monthly = await plan(club, "MONTH", "9.00");
    const yearly = await plan(club, "YEAR", "90.00");
    const euros = await plan(club, "YEAR", "80.00", "EUR");
    const retired = await plan(club, "YEAR", "70.00");
    await billing.deactivatePlan(retired.id);
    const elsewhere = await plan(await product(), "YEAR", "90.00");
    const id = await subscribed(monthly.id);
    expect(salesOf(id)).toHaveLength(1);

    const revise = (planId: string) => billing.reviseSubscription(id, planId, BACK, BACK);
    expect(await refusal(paypalCall(creds, "POST", `/v1/billing/subscriptions/${id}/revise`, { body: {} }))).toEqual([
      400,
      "MISSING_REQUIRED_PARAMETER",
    ]);
    expect(await refusal(revise("P-NOPE"))).toEqual([422, "INVALID_RESOURCE_ID"]);
    expect(await refusal(revise(retired.id))).toEqual([422, "PLAN_STATUS_INVALID"]);
    expect(await refusal(revise(elsewhere.id))).toEqual([422, "INVALID_PARAMETER_VALUE"]);
    expect(await refusal(revise(euros.id))).toEqual([422, "CURRENCY_MISMATCH"]);

    const before = await billing.getSubscription(id);
    const answer = await revise(yearly.id);
    expect(answer.plan_id).toBe(yearly.id);
    expect(answer.effective_time).toBe(before.billing_info!.next_billing_time);
    const approve = approveLinkOf(answer)!;
    expect(new URL(approve).pathname).toBe("/webapps/billing/subscriptions/update");
    // Not agreed yet: PayPal bills the old plan.
    expect((await billing.getSubscription(id)).plan_id).toBe(monthly.id);
    const page = await (await fetch(approve)).text();
    expect(page).toContain("Agree &amp; Change");
    expect(page).toContain("Cancel and keep my current plan");

    const agreed = await fetch(approve, { method: "POST", redirect: "manual" });
    expect(agreed.status).toBe(303);
    expect(new URL(agreed.headers.get("location")!).searchParams.get("subscription_id")).toBe(id);
    await sandbox.idle();
    const after = await billing.getSubscription(id);
    expect(after.plan_id).toBe(yearly.id);
    expect(after.billing_info!.next_billing_time).toBe(before.billing_info!.next_billing_time);
    expect(
      received.filter((e) => e.event_type === "BILLING.SUBSCRIPTION.UPDATED" && e.resource.id === id),
    ).toHaveLength(1);
    expect(salesOf(id)).toHaveLength(1);

    await advanceSandboxClock(sandbox.url, 31 * DAY);
    await sandbox.idle();
    const renewed = await billing.getSubscription(id);
    expect(renewed.billing_info!.last_payment!.amount).toEqual({ currency_code: "USD", value: "90.00" });
    const gap =
      Date.parse(renewed.billing_info!.next_billing_time!) - Date.parse(after.billing_info!.next_billing_time!);
    expect(gap).toBeGreaterThan(364 * DAY * 1000);

    await billing.cancelSubscription(id, "done");
    expect(await refusal(revise(monthly.id))).toEqual([422, "SUBSCRIPTION_STATUS_INVALID"]);
  });
});
