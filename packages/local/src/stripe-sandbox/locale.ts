import { invalidParam } from "./errors";

/**
 * Checkout's `locale`, like Stripe's: one of its languages or "auto" (the browser's language).
 * The hosted page speaks German or English (the two this sandbox has texts for); any other
 * language falls back to English, as Stripe falls back for a language it lacks.
 */
// prettier-ignore
const LOCALES = [
  "auto", "bg", "cs", "da", "de", "el", "en", "en-GB", "es", "es-419", "et", "fi", "fil", "fr", "fr-CA", "hr",
  "hu", "id", "it", "ja", "ko", "lt", "lv", "ms", "mt", "nb", "nl", "pl", "pt", "pt-BR", "ro", "ru", "sk",
  "sl", "sv", "th", "tr", "vi", "zh", "zh-HK", "zh-TW",
];

export function sessionLocale(value: string | undefined): string | null {
  if (value === undefined) return null;
  if (!LOCALES.includes(value)) throw invalidParam("locale", `Invalid locale: must be one of ${LOCALES.join(", ")}`);
  return value;
}

const EN = {
  lang: "en",
  intl: "en-US",
  sandbox: "Payments sandbox",
  testMode: "Test mode",
  liveMode: "Live mode",
  email: "Email",
  cardholder: "Name on card",
  card: "Card information",
  cardHint: "Test card. Use 4000 0000 0000 0002 to see a decline.",
  pay: "Pay",
  startTrial: "Start trial",
  cancel: "Cancel",
  totalToday: "Total due today",
  qty: "Qty",
  returnToMerchant: "Return to the merchant",
  sessionIs: (status: string) => `This checkout session is ${status}.`,
  invalidEmail: "Enter a valid e-mail address.",
  declined: "Your card was declined. Try the test card 4242 4242 4242 4242.",
  billingAddress: "Billing address",
  country: "Country or region",
  line1: "Address",
  city: "City",
  postalCode: "Postal code",
  subtotal: "Subtotal",
  tax: "Tax",
  taxPending: "Enter your address to calculate",
};
export type PageTexts = typeof EN;

const DE: PageTexts = {
  lang: "de",
  intl: "de-DE",
  sandbox: "Zahlungs-Sandbox",
  testMode: "Testmodus",
  liveMode: "Live-Modus",
  email: "E-Mail",
  cardholder: "Name auf der Karte",
  card: "Kartendaten",
  cardHint: "Testkarte. Mit 4000 0000 0000 0002 sehen Sie eine Ablehnung.",
  pay: "Bezahlen",
  startTrial: "Testphase starten",
  cancel: "Abbrechen",
  totalToday: "Heute fällig",
  qty: "Menge",
  returnToMerchant: "Zurück zum Händler",
  sessionIs: (status: string) =>
    `Dieser Bezahlvorgang ist ${{ complete: "abgeschlossen", expired: "abgelaufen" }[status] ?? status}.`,
  invalidEmail: "Geben Sie eine gültige E-Mail-Adresse ein.",
  declined: "Ihre Karte wurde abgelehnt. Versuchen Sie die Testkarte 4242 4242 4242 4242.",
  billingAddress: "Rechnungsadresse",
  country: "Land oder Region",
  line1: "Adresse",
  city: "Stadt",
  postalCode: "Postleitzahl",
  subtotal: "Zwischensumme",
  tax: "Steuer",
  taxPending: "Geben Sie Ihre Adresse ein, um sie zu berechnen",
};

const TEXTS: Record<string, PageTexts> = { en: EN, de: DE };

/** The session's locale, or with "auto" (or none) the first language of the browser's Accept-Language. */
export function pageTexts(locale: string | null | undefined, acceptLanguage: string | undefined): PageTexts {
  const chosen = locale && locale !== "auto" ? locale : (acceptLanguage ?? "").split(",")[0]!.split(";")[0]!.trim();
  return TEXTS[chosen.toLowerCase().split("-")[0]!] ?? EN;
}
