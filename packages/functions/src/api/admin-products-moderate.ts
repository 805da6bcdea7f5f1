import { Review } from "@payloft/core/moderation/review";
import { api } from "../http/api";

/** PUT /api/admin/products/{id}/moderate {status, notes}: the review; the creator is e-mailed. */
export const handler = api(async (req) => ({
  product: await Review.moderate(req.actor!.userId, req.params.id ?? "", req.body),
}));
