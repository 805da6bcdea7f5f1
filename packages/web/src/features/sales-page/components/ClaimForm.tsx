import { useState, type FormEvent } from "react";
import { useSession } from "@/lib/session";
import { ApiError } from "@/lib/api";
import { Button } from "@/components/ui/Button";
import { Field } from "@/components/ui/Field";
import { Input } from "@/components/ui/Input";
import { useClaim } from "@/features/sales-page/api/useClaim";
import { visitOf } from "@/lib/visit";
import { CLAIM_FORM_ID } from "@/features/sales-page/lib/free";

/**
 * Claiming a free product (a price of 0, a pay-what-you-want minimum of 0, or a code that takes
 * everything off): the buyer's e-mail address and no payment. The access link, licence key and
 * receipt come exactly as after paying, so the buyer lands on the same success page.
 * `go` leaves for it (the overlay may open it elsewhere).
 */
export function ClaimForm({
  product,
  discountCode,
  go = (url) => window.location.assign(url),
}: {
  product: { id: string };
  discountCode?: string;
  go?: (url: string) => void;
}) {
  const { user } = useSession();
  const [typed, setTyped] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const claim = useClaim();
  // A signed-in buyer's own address until they type another.
  const email = typed ?? user?.email ?? "";

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    const code = discountCode?.trim();
    claim.mutate(
      // The visit it came from, so the seller's traffic report counts the claim where it came from.
      {
        productId: product.id,
        email: email.trim(),
        ...(code ? { discount_code: code } : {}),
        visit: visitOf(product.id),
      },
      {
        onSuccess: (res) => go(`/checkout/success?session_id=${encodeURIComponent(res.purchase.id)}`),
        onError: (err) =>
          setError(err instanceof ApiError ? err.message : "Something went wrong. Please try again in a moment."),
      },
    );
  };

  const busy = claim.isPending || claim.isSuccess;
  return (
    // Before JavaScript (or without it) the form posts itself: the claim route answers a browser's
    // form with the purchase as a page. Once hydrated, `submit` claims in place instead.
    <form
      id={CLAIM_FORM_ID}
      method="post"
      action="/api/checkout/claim"
      onSubmit={submit}
      noValidate
      className="scroll-mt-24 space-y-3"
      aria-label="Get it free"
    >
      <input type="hidden" name="productId" value={product.id} />
      {discountCode?.trim() && <input type="hidden" name="discount_code" value={discountCode.trim()} />}
      <Field label="Your e-mail address" hint="We e-mail you the access link.">
        <Input
          invalid={Boolean(error)}
          aria-errormessage={error ? `${CLAIM_FORM_ID}-error` : undefined}
          name="email"
          type="email"
          autoComplete="email"
          inputMode="email"
          required
          maxLength={254}
          value={email}
          onChange={(e) => setTyped(e.target.value)}
          placeholder="you@example.com"
        />
      </Field>
      {error && (
        <p id={`${CLAIM_FORM_ID}-error`} role="alert" className="text-sm font-medium text-red-700">
          {error}
        </p>
      )}
      <Button type="submit" size="lg" fullWidth loading={busy}>
        {busy ? "Getting it..." : "Get it free"}
      </Button>
    </form>
  );
}

export default ClaimForm;
