import type { DiscountPreview } from "@payloft/core/checkout/preview";
import { apiFetch } from "@/lib/api";
import { useAction } from "@/lib/useAction";

export type { DiscountPreview };

const preview = ({ productId, code }: { productId: string; code: string }) =>
  apiFetch<DiscountPreview>(`/api/public/products/${encodeURIComponent(productId)}/discount-preview`, {
    method: "POST",
    body: { code },
  });

/**
 * POST /api/public/products/{id}/discount-preview {code}: the price with the code, from the
 * server's own pricing (what Buy will charge); a 400 {error} sentence when it does not apply.
 */
export const useDiscountPreview = () => useAction(preview);
