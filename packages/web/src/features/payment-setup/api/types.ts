/**
 * A seller's payment integration. Secrets come back masked only
 * (rule: Sellers' keys, e.g. "sk_test_...4242"); sending the masked value back keeps the stored one.
 */
export type Provider = "stripe" | "paypal";

export interface PaymentIntegration {
  provider: Provider;
  is_active: boolean;
  is_live: boolean;
  stripe_publishable_key: string;
  stripe_secret_key: string;
  paypal_client_id: string;
  paypal_client_secret: string;
  paypal_webhook_id?: string;
  /** Stripe Tax on product checkouts (Stripe checkouts only). */
  automatic_tax?: boolean;
  updated_at?: string | null;
}

export const DEFAULT_INTEGRATION: PaymentIntegration = {
  provider: "stripe",
  is_active: true,
  is_live: false,
  stripe_publishable_key: "",
  stripe_secret_key: "",
  paypal_client_id: "",
  paypal_client_secret: "",
  paypal_webhook_id: "",
  automatic_tax: false,
};
