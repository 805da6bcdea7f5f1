import { useState } from "react";
import { decimalsOf, minorToDecimal, toMinor } from "@payloft/core/currency/units";

/**
 * What the buyer chooses before paying: a discount code ("Have a code?", pre-filled
 * from `?code=` in the product link) or, for a pay-what-you-want product, their amount (typed
 * in the product's currency, sent in its minor unit). The server decides the charge from these
 * (rule: Cents and server prices).
 */
export interface CheckoutChoices {
  payWhatYouWant: boolean;
  /** minor units of `currency` */
  minimum: number;
  currency: string;
  /** The amount field's step: 0.01, or 1 for a zero-decimal currency such as JPY. */
  step: string;
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
  product:
    { price: number; currency?: string; pay_what_you_want?: boolean; suggested_price?: number | null } | undefined,
): CheckoutChoices {
  const [code, setCode] = useState(codeFromLink);
  const [typed, setAmountText] = useState<string | null>(null);
  const payWhatYouWant = Boolean(product?.pay_what_you_want);
  const minimum = product?.price ?? 0;
  const currency = product?.currency || "usd";
  // Until the buyer types, the suggested price (else the minimum), once the product has loaded.
  const amountText = typed ?? minorToDecimal(product?.suggested_price ?? minimum, currency);
  const typedMajor = Number.parseFloat(amountText);
  const amount = Number.isFinite(typedMajor) ? toMinor(typedMajor, currency) : null;
  return {
    payWhatYouWant,
    minimum,
    currency,
    step: decimalsOf(currency) ? "0.01" : "1",
    code,
    setCode,
    amountText,
    setAmountText,
    amount,
    body: () => (payWhatYouWant ? { amount: amount ?? 0 } : code.trim() ? { discount_code: code.trim() } : {}),
  };
}
