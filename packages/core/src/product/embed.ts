import { NotFoundError } from "../errors";
import { Product } from "./index";

/**
 * A product's embed HTML (media_type embed), served by its own route into the sales page's
 * sandboxed iframe (rule: Sandboxed embeds). Only what the public view shows: an unavailable product
 * has no media, so its embed is gone too.
 */
export namespace ProductEmbed {
  export async function html(productId: string): Promise<string> {
    const view = await Product.publicView(productId);
    if (view.media_type !== "embed" || !view.media_url)
      throw new NotFoundError("product.no_embed", "This product has no embedded content.");
    return view.media_url;
  }
}
