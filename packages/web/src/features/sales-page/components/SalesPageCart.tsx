import type { ProductPageData } from "@/lib/pageData";
import { AddToCartButton } from "@/features/cart";
import type { CheckoutChoices } from "@/features/sales-page/lib/useCheckoutChoices";

type Product = NonNullable<ProductPageData["product"]>;

/**
 * Whether the product may go into the creator's cart (rule: Carts): a membership is bought on
 * its own, and a product free as it is is claimed, not paid.
 */
export const cartable = (p: Product) => p.billing !== "recurring" && (p.pay_what_you_want || p.price > 0);

/**
 * "Add to cart" under the sales page's Buy: the product at its price, or a pay-what-you-want
 * product at the amount typed (not while it is under the minimum). A code is given in the cart.
 */
export function SalesAddToCart({ product, choices }: { product: Product; choices: CheckoutChoices }) {
  if (!cartable(product)) return null;
  const price = choices.payWhatYouWant ? (choices.amount ?? choices.minimum) : product.price;
  return (
    <AddToCartButton
      creatorId={product.creator_id}
      className="mt-2"
      disabled={choices.belowMinimum}
      item={{
        productId: product.id,
        name: product.name,
        price,
        currency: product.currency ?? "usd",
        ...(choices.payWhatYouWant ? { payWhatYouWant: true } : {}),
      }}
    />
  );
}
