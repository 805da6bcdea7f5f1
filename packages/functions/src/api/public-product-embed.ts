import { ProductEmbed } from "@payloft/core/product/embed";
import { api } from "../http/api";
import { EMBED_CSP } from "../http/headers";
import { reply } from "../http/request";

/**
 * GET /api/public/products/{productId}/embed: the creator's embed HTML as its own document,
 * so it runs under its own sandboxing policy instead of inheriting the sales page's.
 */
export const handler = api(async (req) =>
  reply(200, await ProductEmbed.html(req.params.productId ?? ""), {
    "content-type": "text/html; charset=utf-8",
    "content-security-policy": EMBED_CSP,
  }),
);
