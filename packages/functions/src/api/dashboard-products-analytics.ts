import { Analytics } from "@payloft/core/analytics/index";
import { api } from "../http/api";

/** GET /api/dashboard/products-analytics: views, sales, revenue and conversion per product. */
export const handler = api(async (req) => ({ products: await Analytics.productFigures(req.actor!.userId) }));
