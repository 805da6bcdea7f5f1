import { useEffect, useRef, useState } from "react";
import { decimalsOf, minorToDecimal, toMinor } from "@payloft/core/currency/units";
import { ApiError } from "@/lib/api";
import { useDiscountPreview, type DiscountPreview } from "@/features/sales-page/api/useDiscountPreview";
import { useMembershipChoice, type MembershipChoice, type Recurring } from "./useMembershipChoice";

/**
 * What the buyer chooses before paying: a discount code ("Have a code?" with Apply, pre-filled and
 * applied from `?code=` in the product link) and, for a pay-what-you-want product, their amount
 * (typed in the product's currency, sent in its minor unit). An applied code's prices come from
 * the server's preview, which uses checkout's own pricing, so what the page shows is what Buy
 * charges (rule: Cents and server prices). A code that does not apply leaves a sentence beside
 * the field and the full price buyable.
 */
export interface CheckoutChoices {
  /** A membership: the tier and billing period chosen (it takes no code or amount). */
  membership: MembershipChoice | null;
  payWhatYouWant: boolean;
  currency: string;
  /** Minor units: the price to pay, after an applied code (a pay-what-you-want product: its minimum). */
  price: number;
  /** Minor units: the price before the code, when one is applied (shown struck through). */
  listPrice: number | null;
  /** Pay what you want: the least the buyer may pay (after an applied code). */
  minimum: number;
  /** The amount field's step: 0.01, or 1 for a zero-decimal currency such as JPY. */
  step: string;
  amountText: string;
  setAmountText: (text: string) => void;
  /** Minor units the buyer typed, or null while it is not a number. */
  amount: number | null;
  /** Pay what you want: the typed amount is missing or under the minimum (Buy is disabled). */
  belowMinimum: boolean;
  code: string;
  setCode: (code: string) => void;
  /** The code the server accepted for this product, with its prices. */
  applied: DiscountPreview | null;
  /** Why the last code tried does not apply, in the server's words. */
  codeError: string | null;
  applying: boolean;
  apply: () => void;
  removeCode: () => void;
  /** Checkout refused the applied code after all (e.g. its last use was just taken). */
  rejectCode: (message: string) => void;
  /** The create-session fields besides productId. */
  body: () => { discount_code?: string; amount?: number; tier?: string; interval?: string };
  /** The same as the Buy form's fields, for a buyer whose page runs no JavaScript (yet): the link's code. */
  formFields: () => Record<string, string>;
}

interface Sellable extends Recurring {
  id: string;
  price: number;
  currency?: string;
  pay_what_you_want?: boolean;
  suggested_price?: number | null;
  is_active?: boolean;
}

/** `linkCode`: the `?code=` of the product link, as the server read it (the page is rendered with it). */
export function useCheckoutChoices(product: Sellable | undefined, linkCode = ""): CheckoutChoices {
  const [code, setCode] = useState(linkCode);
  const [typed, setAmountText] = useState<string | null>(null);
  const [applied, setApplied] = useState<DiscountPreview | null>(null);
  const [codeError, setCodeError] = useState<string | null>(null);
  const preview = useDiscountPreview();
  const membership = useMembershipChoice(product);
  const payWhatYouWant = Boolean(product?.pay_what_you_want);
  const currency = product?.currency || "usd";

  const apply = (text = code) => {
    const wanted = text.trim();
    setCodeError(null);
    if (!wanted) return setCodeError("Please enter a code.");
    preview.mutate(
      { productId: product?.id ?? "", code: wanted },
      {
        onSuccess: (res) => {
          setApplied(res);
          setCode(res.code);
        },
        onError: (err) => {
          setApplied(null);
          setCodeError(err instanceof ApiError ? err.message : "The code could not be checked. Please try again.");
        },
      },
    );
  };

  // A product link with ?code= shows the discounted price at once.
  const fromLink = useRef(code);
  useEffect(() => {
    // A membership takes no code (its price is the tier's Price on the seller's account).
    if (!product?.is_active || !fromLink.current || membership) return;
    apply(fromLink.current);
    fromLink.current = "";
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the product has loaded
  }, [product?.is_active]);

  const minimum = applied?.price ?? product?.price ?? 0;
  // Until the buyer types, the suggested price (after the code), else the minimum.
  const suggested = applied ? applied.suggested_price : product?.suggested_price;
  const amountText = typed ?? minorToDecimal(suggested ?? minimum, currency);
  const typedMajor = Number.parseFloat(amountText);
  const amount = Number.isFinite(typedMajor) ? toMinor(typedMajor, currency) : null;
  const chosen = membership ? { tier: membership.tier, interval: membership.interval } : {};
  return {
    membership,
    payWhatYouWant,
    currency,
    price: membership ? membership.amount : (applied?.price ?? product?.price ?? 0),
    listPrice: applied ? applied.list_price : null,
    minimum,
    step: decimalsOf(currency) ? "0.01" : "1",
    amountText,
    setAmountText,
    amount,
    belowMinimum: payWhatYouWant && (amount === null || amount < minimum),
    code,
    setCode: (text) => {
      setCode(text);
      setCodeError(null);
    },
    applied,
    codeError,
    applying: preview.isPending,
    apply: () => apply(),
    removeCode: () => {
      setApplied(null);
      setCode("");
      setCodeError(null);
    },
    rejectCode: (message) => {
      setApplied(null);
      setCodeError(message);
    },
    body: () => ({
      ...chosen,
      ...(applied ? { discount_code: applied.code } : {}),
      ...(payWhatYouWant ? { amount: amount ?? 0 } : {}),
    }),
    formFields: () => {
      const formCode = membership ? "" : (applied?.code ?? linkCode.trim());
      return {
        ...(membership ? { tier: membership.tier, interval: membership.interval } : {}),
        ...(formCode ? { discount_code: formCode } : {}),
        ...(payWhatYouWant ? { amount: String(amount ?? 0) } : {}),
      };
    },
  };
}
