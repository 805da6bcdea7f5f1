/** Cents -> "$12.34" (en-US, always two decimals). Amounts are cents everywhere but display. */
export function formatCents(cents: number): string {
  return (cents / 100).toLocaleString("en-US", { style: "currency", currency: "USD", minimumFractionDigits: 2 });
}
