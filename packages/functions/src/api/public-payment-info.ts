import { IntegrationStatus } from "@payloft/core/integration/status";
import { Product } from "@payloft/core/product/index";
import { api } from "../http/api";

/** {provider: 'stripe' | 'paypal' | null}: which buy button the sales page shows. */
export const handler = api(async (req) => {
  const creatorId = await Product.creatorOf(req.params.productId ?? "");
  const { provider } = await IntegrationStatus.paymentInfo(creatorId);
  return { provider: provider ?? null };
});
