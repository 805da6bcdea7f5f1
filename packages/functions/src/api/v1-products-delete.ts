import { deleteProductV1 } from "@payloft/core/membership/product-delete";
import { keyApi } from "../http/api-key";

/** DELETE /api/v1/products/{id}: deletes it (?cancel_memberships=true: members end at their period's end); its sales keep their own records. */
export const handler = keyApi(async (req) => deleteProductV1(req.actor!.userId, req.params.id ?? "", req.query));
