import { lazy, Suspense, type ComponentProps } from "react";

// Only free products (or a code that takes everything off) need the claim form: a paid
// product's page does not download it.
const ClaimForm = lazy(() => import("./ClaimForm"));

/** The claim form, loaded when first shown, in the price card's place for the buy button. */
export function LazyClaimForm(props: ComponentProps<typeof ClaimForm>) {
  return (
    <Suspense fallback={<div className="h-40" aria-busy="true" />}>
      <ClaimForm {...props} />
    </Suspense>
  );
}
