import { useState } from "react";

/**
 * What the buyer chooses before paying (issue 17): a discount code ("Have a code?", pre-filled
 * from `?code=` in the product link) or, for a pay-what-you-want product, their amount (typed
 * in dollars, sent in cents). The server decides the charge from these (DECISIONS 4).
 */
export interface CheckoutChoices {
  payWhatYouWant: boolean;
  /** cents */
  minimum: number;
  code: string;
  setCode: (code: string) => void;
  amountText: string;
  setAmountText: (text: string) => void;
  /** cents the buyer typed, or null while it is not a number */
  amount: number | null;
  /** The create-session fields besides productId. */
  body: () => { discount_code?: string; amount?: number };
}

const codeFromLink = () => new URLSearchParams(window.location.search).get("code")?.trim().slice(0, 64) ?? "";

export function useCheckoutChoices(
  product: { price: number; pay_what_you_want?: boolean; suggested_price?: number | null } | undefined,
): CheckoutChoices {
  const [code, setCode] = useState(codeFromLink);
  const [typed, setAmountText] = useState<string | null>(null);
  const payWhatYouWant = Boolean(product?.pay_what_you_want);
  const minimum = product?.price ?? 0;
  // Until the buyer types, the suggested price (else the minimum), once the product has loaded.
  const amountText = typed ?? ((product?.suggested_price ?? minimum) / 100).toFixed(2);
  const dollars = Number.parseFloat(amountText);
  const amount = Number.isFinite(dollars) ? Math.round(dollars * 100) : null;
  return {
    payWhatYouWant,
    minimum,
    code,
    setCode,
    amountText,
    setAmountText,
    amount,
    body: () => (payWhatYouWant ? { amount: amount ?? 0 } : code.trim() ? { discount_code: code.trim() } : {}),
  };
}
