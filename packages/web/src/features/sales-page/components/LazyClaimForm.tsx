import { lazy, Suspense, type ComponentProps } from "react";
import type { ClaimForm as ClaimFormType } from "./ClaimForm";

type Props = ComponentProps<typeof ClaimFormType>;

// Only free products (or a code that takes everything off) need the claim form: a paid
// product's page does not download it.
let loaded: typeof ClaimFormType | undefined;

/**
 * Loads the claim form's code. A page that shows the form at once (a free product) loads it
 * before its first render, on the server and in the browser alike (lib/page.ts), so the form is
 * in the server's HTML (it works before JavaScript runs) and hydration finds the same tree.
 */
export const loadClaimForm = () =>
  import("./ClaimForm").then((m) => {
    loaded = m.ClaimForm;
    return { default: m.ClaimForm };
  });

const Lazy = lazy(loadClaimForm);

/** The claim form in the price card's place for the buy button; loaded when first shown unless loaded already. */
export function LazyClaimForm(props: Props) {
  const Loaded = loaded;
  if (Loaded) return <Loaded {...props} />;
  return (
    <Suspense fallback={<div className="h-40" aria-busy="true" />}>
      <Lazy {...props} />
    </Suspense>
  );
}
