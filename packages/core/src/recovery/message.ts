/** The recovery e-mail to a buyer whose checkout expired unpaid. Plain text, like the receipts. */
export function recoveryMessage(p: {
  to: string;
  productName: string;
  creatorName: string;
  productUrl: string;
  unsubscribeUrl: string;
}) {
  const by = p.creatorName ? ` by ${p.creatorName}` : "";
  const text = [
    "Hi,",
    "",
    `You started buying "${p.productName}"${by} but the checkout closed before it was paid.`,
    "If you still want it, you can pick up where you left off here:",
    "",
    p.productUrl,
    "",
    "Nothing was charged. If you changed your mind, there is nothing to do.",
    "",
    "--",
    "You get at most one of these reminders a week per product.",
    `Don't want reminders like this any more? Unsubscribe: ${p.unsubscribeUrl}`,
  ].join("\n");
  return { to: p.to, subject: `You left "${p.productName}" in your checkout`, text };
}

/** The dunning e-mail to a creator whose plan's renewal payment failed. */
export function dunningMessage(p: { to: string; name: string; billingUrl: string; final: boolean }) {
  const text = [
    `Hi${p.name ? ` ${p.name}` : ""},`,
    "",
    "We couldn't take the payment for your Payloft plan.",
    p.final
      ? "This was the last attempt: your plan has ended and your account is on the free plan. You can subscribe again from the billing page."
      : "We'll try again over the next days. To keep your plan, please check or update your payment method on the billing page.",
    "",
    p.billingUrl,
  ].join("\n");
  return { to: p.to, subject: "Your Payloft payment failed", text };
}
