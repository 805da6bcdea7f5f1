/**
 * The language of the provider's payment page. Stripe shows Checkout in `locale`, or with
 * "auto" in the browser's language; we pass the buyer's Accept-Language when it names a
 * language Stripe has (the browser that asked for the session is the one that will pay),
 * else "auto".
 */
// prettier-ignore
export const STRIPE_CHECKOUT_LOCALES = [
  "bg", "cs", "da", "de", "el", "en", "en-GB", "es", "es-419", "et", "fi", "fil", "fr", "fr-CA", "hr", "hu",
  "id", "it", "ja", "ko", "lt", "lv", "ms", "mt", "nb", "nl", "pl", "pt", "pt-BR", "ro", "ru", "sk", "sl",
  "sv", "th", "tr", "vi", "zh", "zh-HK", "zh-TW",
] as const;
export type CheckoutLocale = (typeof STRIPE_CHECKOUT_LOCALES)[number] | "auto";

const byLowerCase = new Map<string, CheckoutLocale>(STRIPE_CHECKOUT_LOCALES.map((l) => [l.toLowerCase(), l]));

/** Accept-Language's tags, best first (quality, then order); at most 20 of them, each checked. */
function preferred(header: string): string[] {
  return header
    .split(",")
    .slice(0, 20)
    .map((part, i) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = Number(/^\s*q=([\d.]+)\s*$/.exec(params.join(";"))?.[1] ?? 1);
      return { tag: tag.trim().toLowerCase(), q: Number.isFinite(q) ? q : 0, i };
    })
    .filter((t) => /^[a-z]{2,3}(-[a-z0-9]{2,8})*$/.test(t.tag) && t.q > 0)
    .sort((a, b) => b.q - a.q || a.i - b.i)
    .map((t) => t.tag);
}

/** "de-DE,de;q=0.9,en;q=0.8" → "de"; "pt-BR" → "pt-BR"; nothing Stripe has → "auto". */
export function checkoutLocale(acceptLanguage: string | undefined): CheckoutLocale {
  for (const tag of preferred(acceptLanguage ?? "")) {
    const exact = byLowerCase.get(tag);
    if (exact) return exact;
    const language = byLowerCase.get(tag.split("-")[0]!);
    if (language) return language;
  }
  return "auto";
}
