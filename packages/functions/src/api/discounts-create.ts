import { Discount } from "@payloft/core/discount/index";
import { api } from "../http/api";
import { reply } from "../http/request";

/** POST /api/discounts {code, percent_off | amount_off (cents), product_ids?, max_redemptions?, expires_at?}. */
export const handler = api(async (req) => reply(201, { discount: await Discount.create(req.actor!.userId, req.body) }));
