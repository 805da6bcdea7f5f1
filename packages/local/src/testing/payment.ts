import type { Stack } from "../stack";
import { call } from "./index";

/**
 * Connects a seller's PayPal app in the PayPal sandbox through Payment Setup
 * (POST /api/payment-integration), as the settings screen does: the sandbox checks the app's
 * client ID and secret and Payloft registers its webhook on the app. Each client ID is its own
 * merchant in the sandbox, so a test reads that merchant's orders and plans by the same ID.
 * Throws with the answer when Payment Setup refuses, so a test's own assertions start from a
 * connected seller.
 */
export async function connectPayPal(
  stack: Stack,
  who: { cookie: string },
  clientId: string,
  secret = `${clientId}-secret`,
): Promise<void> {
  const saved = await call(stack, "POST", "/api/payment-integration", {
    cookie: who.cookie,
    body: {
      provider: "paypal",
      is_live: false,
      is_active: true,
      paypal_client_id: clientId,
      paypal_client_secret: secret,
    },
  });
  if (saved.status !== 200) throw new Error(`PayPal for ${clientId}: ${saved.status} ${saved.text}`);
}

/** The sandbox's merchant behind a connected app (`clientId`): its orders, plans and webhooks. */
export function paypalMerchant(stack: Stack, clientId: string) {
  const found = [...stack.paypal.store.merchants.values()].find((m) => m.client_id === clientId);
  if (!found) throw new Error(`no PayPal sandbox merchant for the app ${clientId}`);
  return found;
}
