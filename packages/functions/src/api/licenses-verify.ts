import { License } from "@payloft/core/license/index";
import { api } from "../http/api";
import { reply } from "../http/request";

/**
 * POST /api/licenses/verify {product_id, license_key, increment_uses_count?}: called by
 * creators' own software. 200 {valid: true, uses, purchase}, 200 {valid: false, reason} after a
 * refund or when the creator disabled the key, 404 {valid: false} for a key this product never sold.
 */
export const handler = api(async (req) => {
  const verdict = await License.verify(req.body);
  return reply(verdict.status, verdict.body);
});
