/**
 * The admin's receipt template (setting `receipt_email_template`): plain text with
 * placeholders, written as {{name}} (or the older {name}). Unknown names are left as typed,
 * so a typo shows up in the e-mail instead of silently vanishing.
 *
 * For the HTML part every piece, the admin's text and each value alike, is HTML-escaped:
 * a product name like `<script>` or a URL with quotes stays text, never markup.
 */
export const RECEIPT_PLACEHOLDERS = [
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

const PLACEHOLDER = /\{\{\s*([a-z_]+)\s*\}\}|\{([a-z_]+)\}/g;

export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Fills the template; `encode` is applied to literal text and values alike. */
function render(template: string, values: ReceiptValues, encode: (s: string) => string): string {
  let out = "";
  let last = 0;
  for (const m of template.matchAll(PLACEHOLDER)) {
    const name = (m[1] ?? m[2]) as keyof ReceiptValues;
    out += encode(template.slice(last, m.index));
    out += Object.hasOwn(values, name) ? encode(values[name]) : encode(m[0]);
    last = m.index + m[0].length;
  }
  return out + encode(template.slice(last));
}

export const renderReceiptText = (template: string, values: ReceiptValues) => render(template, values, (s) => s).trim();

/** Paragraphs at blank lines, <br> within one; everything escaped. */
export function renderReceiptHtml(template: string, values: ReceiptValues, paragraphStyle = "margin:0 0 12px"): string {
  return render(template.trim(), values, escapeHtml)
    .split(/\r?\n\s*\r?\n/)
    .map((p) => `<p style="${paragraphStyle}">${p.replace(/\r?\n/g, "<br>")}</p>`)
    .join("\n");
}
