import { apiFetch } from "@/lib/api";
import { useAction } from "@/lib/useAction";
import type { CheckoutSuccess } from "@/features/checkout";

/** What a buyer sends to claim a free product: their e-mail address, and a code that takes everything off. */
export interface ClaimRequest {
  productId: string;
  email: string;
  discount_code?: string;
  /** Where the visit came from (referrer, utm_*), as counted with its view: traffic analytics. */
  visit?: Record<string, string>;
}

/**
 * POST /api/checkout/claim {productId, email, discount_code?, visit?}: answers like the success page
 * (the purchase's id, access link and licence key). No payment provider is involved.
 */
export const CLAIM_PATH = "/api/checkout/claim";

const claim = (body: ClaimRequest) => apiFetch<CheckoutSuccess>(CLAIM_PATH, { method: "POST", body });

export const useClaim = () => useAction(claim);
