import { minimumChargeOf, formatMoney } from "../currency/index";
import { ProductEntity } from "../db/entities";
import { ValidationError } from "../errors";
import { billingOf } from "./tiers";

/**
 * A product's order bump (`order_bump: {product_id, price}`): another of the same creator's
 * one-time products, offered under the Buy button at its bump price, in the same currency
 * (checkout adds it as a second line: core/src/checkout/lines.ts). Checked when the product is
 * saved; checkout checks again that the offered product can still be sold.
 */
export interface OrderBump {
  product_id: string;
  /** minor units of the product's currency */
  price: number;
}

const refuse = (message: string) => new ValidationError(message, "product.order_bump");

export async function checkOrderBump(
  creatorId: string,
  productId: string | undefined,
  product: { currency: string; order_bump?: OrderBump | null },
): Promise<void> {
  const bump = product.order_bump;
  if (!bump) return;
  if (bump.product_id === productId) throw refuse("A product can't be its own order bump: choose another product.");
  const offered = (await ProductEntity.get({ id: bump.product_id }).go()).data;
  if (!offered || offered.creator_id !== creatorId) throw refuse("The order bump must be one of your own products.");
  if (billingOf(offered).billing === "recurring")
    throw refuse(`${offered.name} is a membership: an order bump must be a one-time product.`);
  const currency = offered.currency ?? "usd";
  if (currency !== product.currency)
    throw refuse(
      `${offered.name} is sold in ${currency.toUpperCase()}: an order bump must be in this product's currency (${product.currency.toUpperCase()}).`,
    );
  const least = minimumChargeOf(product.currency);
  if (bump.price < least)
    throw refuse(`The order bump's price must be at least ${formatMoney(least, product.currency)}.`);
}
