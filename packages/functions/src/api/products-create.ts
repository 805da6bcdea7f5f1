import { Files } from "@payloft/core/files/index";
import { Product } from "@payloft/core/product/index";
import { api } from "../http/api";
import { reply } from "../http/request";

/**
 * Body {name, headline, subheadline, price (dollars), content_url | content_file, description,
 * media_type, media_url}; core validates. This route alone hands Product the bucket.
 */
export const handler = api(async (req) =>
  reply(201, await Product.create(req.actor!.userId, req.body, { price: "dollars", files: Files })),
);
