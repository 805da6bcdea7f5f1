import { Product } from "@payloft/core/product/index";
import { api } from "../http/api";

/** Body {is_active}: Activate / Deactivate one of the caller's own products. */
export const handler = api(async (req) => Product.setActive(req.actor!.userId, req.params.id ?? "", req.body));
