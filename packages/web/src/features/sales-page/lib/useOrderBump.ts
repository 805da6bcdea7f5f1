import { useState } from "react";

/** The product's order bump as its sales page offers it (core/product/sales-page.ts). Minor units. */
export interface OrderBumpOffer {
  product_id: string;
  name: string;
  price: number;
}

/**
 * The buyer's order bump choice (rule: Order bumps): "Add {name} for {price}" under Buy. Checked,
 * create-session gets `order_bump: true` and one payment buys both; the Buy button says the sum.
 */
export interface OrderBumpChoice {
  offer: OrderBumpOffer;
  checked: boolean;
  setChecked: (on: boolean) => void;
}

export function useOrderBump(offer: OrderBumpOffer | null | undefined): OrderBumpChoice | null {
  const [checked, setChecked] = useState(false);
  return offer ? { offer, checked, setChecked } : null;
}
