import { formatMoney } from "../currency/units";
import { Access } from "../access/index";
import { Config } from "../config/index";
import { Email } from "../email/index";
import { logger } from "../log/index";
import { Setting } from "../setting/index";
import { sendOnce } from "./once";
import { escapeHtml as esc, renderReceiptHtml, renderReceiptText, type ReceiptValues } from "./receipt-template";

export interface ReceiptPurchase {
  id: string;
  product_name: string;
  access_token?: string;
  license_key?: string;
  creator_name?: string;
  customer_email: string;
  customer_name?: string;
  /** cents, before tax */
  amount: number;
  /** cents of tax charged on top (Stripe Tax), if any */
  tax?: number | null;
  currency: string;
  created_at: string;
  receipt_sent_at?: string;
}

/** "€9.50", "¥950": the amount in its currency's minor unit (core/src/currency). */
const money = (minor: number, currency: string) => formatMoney(minor, currency || "usd");
const day = (iso: string) =>
  new Date(iso).toLocaleDateString("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });

/**
 * Sends the purchase receipt exactly once however often fulfilment runs (claimed by ./once.ts),
 * and only while the sale is completed: a refund or dispute recorded first (its event arrived
 * before the payment's) means the buyer gets the refund notice instead, never "Your access is
 * permanent" with a licence key.
 */
export async function sendReceiptOnce(p: ReceiptPurchase): Promise<boolean> {
  if (p.receipt_sent_at) return false;
  return sendOnce(
    p.id,
    "receipt_sent_at",
    async () => {
      try {
        // Read inside the claim, so a failed settings read releases it like a failed send.
        const [template, site_name, support_email] = await Promise.all([
          Setting.get("receipt_email_template"),
          Setting.get("site_name"),
          Setting.get("support_email"),
        ]);
        const access_url = await Access.linkFor(p);
        await Email.send(receiptMessage({ ...p, access_url }, { template, site_name, support_email }));
      } catch (err) {
        logger.warn("receipt e-mail failed; releasing the claim so a retry sends it", {
          purchaseId: p.id,
          error: (err as Error).message,
        });
        throw err;
      }
    },
    "completed",
  );
}

/** The receipt: the admin's message (the template) above a fixed summary that always carries the access link. */
export function receiptMessage(
  p: ReceiptPurchase & { access_url: string },
  settings: { template: string; site_name: string; support_email: string } = {
    template: "",
    site_name: "Payloft",
    support_email: "",
  },
) {
  const site = Config.siteUrl();
  const portal = `${site}/customer-dashboard`;
  // "Amount paid" is what left the buyer's account: the price plus any tax, itemised below it.
  const tax = p.tax ?? 0;
  const amount = money(p.amount + tax, p.currency);
  const taxLines: [string, string][] = tax
    ? [
        ["Price", money(p.amount, p.currency)],
        ["Tax", money(tax, p.currency)],
      ]
    : [];
  const date = day(p.created_at);
  const values: ReceiptValues = {
    product_name: p.product_name,
    amount,
    // {{content_url}} is what templates written before access links use: it is the access link too.
    content_url: p.access_url,
    access_url: p.access_url,
    date,
    portal_url: portal,
    customer_name: p.customer_name || "there",
    customer_email: p.customer_email,
    creator_name: p.creator_name ?? "",
    order_id: p.id,
    support_email: settings.support_email,
    site_name: settings.site_name,
  };
  const seller = p.creator_name ? ` from ${p.creator_name}` : "";
  const message = settings.template.trim()
    ? renderReceiptText(settings.template, values)
    : `Thank you for your purchase${seller}!`;
  const text = [
    message,
    "",
    "Receipt",
    `Product: ${p.product_name}`,
    ...taxLines.map(([k, v]) => `${k}: ${v}`),
    `Amount paid: ${amount}`,
    `Date: ${date}`,
    `Order: ${p.id}`,
    "",
    `Access your content: ${p.access_url}`,
    ...(p.license_key ? [`Your licence key: ${p.license_key}`] : []),
    "",
    `Your access is permanent. You can always find this purchase in your customer portal: ${portal}`,
    "(sign in with this e-mail address).",
  ].join("\n");
  const intro = settings.template.trim()
    ? renderReceiptHtml(settings.template, values, "margin:0 0 12px;line-height:1.5")
    : `<p style="color:#64748b;margin:0 0 20px">Your receipt${esc(seller)}.</p>`;
  const row = (k: string, v: string) =>
    `<tr><td style="padding:6px 0;color:#64748b">${k}</td><td style="padding:6px 0;text-align:right;font-weight:600">${v}</td></tr>`;
  const html = `<div style="font-family:system-ui,-apple-system,Segoe UI,sans-serif;max-width:520px;margin:0 auto;color:#0f172a">
<h1 style="font-size:22px;margin:0 0 12px">Thank you for your purchase</h1>
${intro}
<table style="width:100%;border-collapse:collapse;border-top:1px solid #e2e8f0;border-bottom:1px solid #e2e8f0;margin-top:8px">
${row("Product", esc(p.product_name))}${taxLines.map(([k, v]) => row(k, esc(v))).join("")}${row("Amount paid", esc(amount))}${row("Date", esc(date))}${row("Order", `<code style="font-size:12px">${esc(p.id.slice(0, 24))}…</code>`)}${p.license_key ? row("Licence key", `<code>${esc(p.license_key)}</code>`) : ""}
</table>
<p style="margin:24px 0"><a href="${esc(p.access_url)}" style="background:#4f46e5;color:#fff;text-decoration:none;padding:12px 20px;border-radius:8px;font-weight:600;display:inline-block">Access Your Content</a></p>
<p style="color:#64748b;font-size:14px">Your access is permanent. Find this purchase any time in your <a href="${esc(portal)}">customer portal</a> (sign in with this e-mail address).</p>
</div>`;
  return { to: p.customer_email, subject: `Your receipt: ${p.product_name}`, text, html };
}
