import { Discount } from "@payloft/core/discount/index";
import { api } from "../http/api";

/** GET /api/discounts: the caller's discount codes, newest first. */
export const handler = api(async (req) => ({ discounts: await Discount.list(req.actor!.userId) }));
