import { Product } from "@payloft/core/product/index";
import { api } from "../http/api";

export const handler = api(async (req) => Product.list(req.actor!.userId));
