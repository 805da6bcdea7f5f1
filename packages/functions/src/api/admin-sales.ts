import { AdminSales } from "@payloft/core/admin/sales";
import { api } from "../http/api";

export const handler = api(async (req) => AdminSales.sales(req.query));
