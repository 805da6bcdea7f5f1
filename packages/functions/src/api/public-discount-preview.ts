import { discountPreview } from "@payloft/core/checkout/preview";
import { api } from "../http/api";

/** {code, amount?} -> the price with that code (checkout's own pricing); a 400 sentence when it does not apply. */
export const handler = api(async (req) => discountPreview(req.params.productId ?? "", req.body));
