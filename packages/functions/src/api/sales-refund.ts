import { SaleRefund } from "@payloft/core/refund/index";
import { api } from "../http/api";
import { reply } from "../http/request";

/**
 * POST /api/sales/{id}/refund: the sale's creator (or an admin) refunds it in full at the
 * provider. 200 once refunded; 202 when the provider is still processing it.
 */
export const handler = api(async (req) => {
  const result = await SaleRefund.refund(req.actor!, req.params.id ?? "");
  return result.pending ? reply(202, result) : result;
});
