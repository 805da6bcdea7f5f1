import { escapeHtml, link } from "../email/layout";

/**
 * The admin's receipt template (setting `receipt_email_template`): plain text with
 * placeholders, written as {{name}} (or the older {name}). Unknown names are left as typed,
 * so a typo shows up in the e-mail instead of silently vanishing.
 *
 * For the HTML part every piece, the admin's text and each value alike, is HTML-escaped:
 * a product name like `<script>` or a URL with quotes stays text, never markup. A link
 * placeholder becomes a named link there (the raw URL is for the text part only), so the
 * HTML never shows a URL above the receipt's own button.
 */
export const RECEIPT_PLACEHOLDERS = [
  "greeting",
  "thanks",
  "product_name",
  "amount",
  "content_url",
  "access_url",
  "date",
  "portal_url",
  "customer_name",
  "customer_email",
  "creator_name",
  "order_id",
  "support_email",
  "site_name",
] as const;
export type ReceiptValues = Record<(typeof RECEIPT_PLACEHOLDERS)[number], string>;

/** What a link placeholder reads as in the HTML part. */
const LINK_NAMES: Partial<Record<keyof ReceiptValues, string>> = {
  access_url: "your content",
  content_url: "your content",
  portal_url: "your customer portal",
};

const PLACEHOLDER = /\{\{\s*([a-z_]+)\s*\}\}|\{([a-z_]+)\}/g;

/** Fills the template: `literal` encodes the admin's own text, `value` each known placeholder. */
function render(
  template: string,
  values: ReceiptValues,
  literal: (s: string) => string,
  value: (name: keyof ReceiptValues) => string,
): string {
  let out = "";
  let last = 0;
  for (const m of template.matchAll(PLACEHOLDER)) {
    const name = (m[1] ?? m[2]) as keyof ReceiptValues;
    out += literal(template.slice(last, m.index));
    out += Object.hasOwn(values, name) ? value(name) : literal(m[0]);
    last = m.index + m[0].length;
  }
  return out + literal(template.slice(last));
}

export const renderReceiptText = (template: string, values: ReceiptValues) =>
  render(
    template,
    values,
    (s) => s,
    (name) => values[name],
  ).trim();

/** Paragraphs at blank lines, <br> within one; everything escaped, links named. */
export function renderReceiptHtml(template: string, values: ReceiptValues, paragraphStyle = "margin:0 0 12px"): string {
  const value = (name: keyof ReceiptValues) => {
    const label = LINK_NAMES[name];
    return label && values[name] ? link(values[name], label) : escapeHtml(values[name]);
  };
  return render(template.trim(), values, escapeHtml, value)
    .split(/\r?\n\s*\r?\n/)
    .map((p) => `<p style="${paragraphStyle}">${p.replace(/\r?\n/g, "<br>")}</p>`)
    .join("\n");
}
