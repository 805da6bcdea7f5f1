import * as z from "zod/mini";
import "../zod";
import { productForCheckout } from "../product/public";
import { parseInput } from "../validation";
import { BuyerAmount, RequiredCode, quote, type Quote } from "./pricing";

/**
 * POST /api/public/products/{productId}/discount-preview {code, amount?}: what a discount code
 * does to this product's price before the buyer pays, so the sales page can show it (struck-through
 * price, new price, a pay-what-you-want product's lowered minimum). Computed by the one pricing
 * module checkout charges with (./pricing.ts), on the same product checkout would sell, so a code
 * it accepts is accepted at Buy for exactly this amount and a code it refuses is refused there with
 * the same sentence. Nothing is reserved: a preview takes no use of the code.
 */
export type DiscountPreview = Omit<Quote, "discount"> & {
  /** The code as applied (upper-case). */
  code: string;
  percent_off: number | null;
  /** minor units of the code's currency, which is the product's (or it would not apply) */
  amount_off: number | null;
  /**
   * The code takes the price (a pay-what-you-want product's minimum) to 0: the product can be had
   * for nothing, so it is claimed with an e-mail instead of bought.
   */
  free: boolean;
};

const PreviewInput = z.object({
  code: RequiredCode,
  amount: z.nullish(BuyerAmount),
});

export async function discountPreview(productId: string, input: unknown): Promise<DiscountPreview> {
  const { code, amount } = parseInput(PreviewInput, input);
  const product = await productForCheckout(productId);
  const q = await quote(product, { discount_code: code, amount });
  const { discount: d, ...prices } = q;
  return {
    code: d!.code,
    percent_off: d!.percent_off ?? null,
    amount_off: d!.amount_off ?? null,
    ...prices,
    free: q.price === 0,
  };
}
