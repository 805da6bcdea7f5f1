import Stripe from "stripe";
import { expect } from "vitest";
import type { Stack } from "@payloft/local/stack";
import { sandboxEvents } from "@payloft/local/stripe-sandbox/testing";

/**
 * A seller's Stripe account as the payment tests drive it: their events posted to Payloft's
 * endpoint signed as Stripe signs them, when the test decides (again, or out of order), and
 * the switch of the endpoint Stripe delivers to. Core is imported late: it reads Resource,
 * which the stack sets up.
 */
const signer = new Stripe("sk_test_signing_only");

/** Posts one event to the seller's Payloft endpoint, signed with their webhook secret: the answer. */
export async function postSellerEvent(stack: Stack, sellerId: string, event: unknown): Promise<Response> {
  const { Integration } = await import("@payloft/core/integration/index");
  const secret = (await Integration.webhookSecretFor(sellerId))!;
  const payload = JSON.stringify(event);
  return fetch(`${stack.url}/api/webhooks/stripe/${sellerId}`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "stripe-signature": signer.webhooks.generateTestHeaderString({ payload, secret }),
    },
    body: payload,
  });
}

/** Delivers (again) every event of `type` the sandbox sent about a Stripe object, then settles. */
export async function redeliver(stack: Stack, sellerId: string, objectId: string, type: string) {
  const records = sandboxEvents(stack, objectId).filter((r) => r.event.type === type);
  expect(records.length, `${type} about ${objectId}`).toBeGreaterThan(0);
  for (const r of records) {
    const res = await postSellerEvent(stack, sellerId, r.event);
    expect(res.status, await res.text()).toBe(200);
  }
  await stack.settled();
}

/** The seller's account in the sandbox, and a switch: an endpoint switched off gets no deliveries. */
export async function sellerStripe(sellerId: string, secretKey: string) {
  const { stripeClient } = await import("@payloft/core/payment/stripe");
  const { IntegrationEntity } = await import("@payloft/core/db/entities");
  const stripe = stripeClient(secretKey);
  const endpointId = (await IntegrationEntity.get({ user_id: sellerId }).go()).data!.webhook_endpoint_id!;
  return { stripe, webhooks: (on: boolean) => stripe.webhookEndpoints.update(endpointId, { disabled: !on }) };
}
