import { IntegrationStatus } from "@payloft/core/integration/status";
import { productCreatorOf } from "@payloft/core/product/sales-page";
import { api } from "../http/api";

/** {provider: 'stripe' | 'paypal' | null}: which buy button the sales page shows (two reads, no ElectroDB). */
export const handler = api(async (req) => {
  const creatorId = await productCreatorOf(req.params.productId ?? "");
  const { provider } = await IntegrationStatus.paymentInfo(creatorId);
  return { provider: provider ?? null };
});
