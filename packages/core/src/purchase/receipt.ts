import { formatMoney } from "../currency/units";
import { Access } from "../access/index";
import { Config } from "../config/index";
import { Email, type EmailMessage } from "../email/index";
import { button, escapeHtml as esc, frame, heading, link, paragraph, summary } from "../email/layout";
import { logger } from "../log/index";
import { Setting } from "../setting/index";
import { sendOnce } from "./once";
import { greetingFor, purchaseContacts, questionsLine, type PurchaseContacts } from "./contacts";
import { purchasesOfOrder } from "./order";
import type { PurchaseItem } from "../db/entities";
import { renderReceiptHtml, renderReceiptText, type ReceiptValues } from "./receipt-template";

export interface ReceiptPurchase {
  id: string;
  product_name: string;
  access_token?: string;
  license_key?: string;
  creator_id?: string;
  creator_name?: string;
  customer_email: string;
  customer_name?: string;
  customer_user_id?: string;
  /** cents, before tax */
  amount: number;
  /** cents of tax charged on top (Stripe Tax), if any */
  tax?: number | null;
  currency: string;
  created_at: string;
  receipt_sent_at?: string;
  /** A membership's sale: access lasts while the membership does, not for good. */
  membership_id?: string;
  /** A membership's later charge: a plan change's (its prorated invoice) names the plan it moved to. */
  charge_kind?: "renewal" | "plan_change" | null;
  plan_name?: string | null;
  /** A bundle's items: the receipt lists each with its own link and key (rule: Bundles). */
  bundle_items?: { name: string; access_token: string; license_key?: string }[];
  /** One of several purchases of one payment (./order.ts): the order has one receipt. */
  order_id?: string;
  order_size?: number;
}

/** Each purchase of an order as its receipt lists it: what it cost (tax included), its link and key. */
export interface OrderLine {
  name: string;
  amount: number;
  tax: number;
  access_url: string;
  license_key?: string;
}

/** "€9.50", "¥950": the amount in its currency's minor unit (core/src/currency). */
export const money = (minor: number, currency: string) => formatMoney(minor, currency || "usd");
const day = (iso: string) =>
  new Date(iso).toLocaleDateString("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });

/**
 * Sends the purchase receipt exactly once however often fulfilment runs (claimed by ./once.ts),
 * and only while the sale is completed: a refund or dispute recorded first (its event arrived
 * before the payment's) means the buyer gets the reversal notice instead, never "Your access is
 * permanent" with a licence key.
 */
export async function sendReceiptOnce(p: ReceiptPurchase): Promise<boolean> {
  if (p.receipt_sent_at) return false;
  // An order (a cart, a bump) has one receipt listing every item, sent with its first purchase.
  const inOrder = (p.order_size ?? 1) > 1 && !!p.order_id;
  if (inOrder && p.id !== p.order_id) return false;
  return sendOnce(
    p.id,
    "receipt_sent_at",
    async () => {
      try {
        // Read inside the claim, so a failed read releases it like a failed send.
        const [template, site_name, support_email, contacts] = await Promise.all([
          Setting.get("receipt_email_template"),
          Setting.get("site_name"),
          Setting.get("support_email"),
          purchaseContacts(p),
        ]);
        const access_url = await Access.linkFor(p);
        const order = inOrder ? await orderLines(p) : undefined;
        await Email.send(receiptMessage({ ...p, access_url, order }, { template, site_name, support_email }, contacts));
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

async function orderLines(first: ReceiptPurchase): Promise<OrderLine[]> {
  const all = await purchasesOfOrder(first as PurchaseItem);
  return Promise.all(
    all.map(async (x) => ({
      name: x.product_name,
      amount: x.amount,
      tax: x.tax ?? 0,
      access_url: await Access.linkFor(x),
      ...(x.license_key ? { license_key: x.license_key } : {}),
    })),
  );
}

/**
 * The receipt: the admin's message (the template) above a fixed summary that names the product
 * and the seller and always carries the access link, once, as the button. Replies go to the
 * seller (Reply-To); the text part spells every link out.
 */
export function receiptMessage(
  p: ReceiptPurchase & { access_url: string; order?: OrderLine[] },
  settings: { template: string; site_name: string; support_email: string } = {
    template: "",
    site_name: "Payloft",
    support_email: "",
  },
  contacts: PurchaseContacts = { sellerName: p.creator_name ?? "", buyerName: p.customer_name ?? "" },
): EmailMessage {
  const portal = `${Config.siteUrl()}/customer-dashboard`;
  const seller = contacts.sellerName;
  // An order of several products is one receipt: each item with its price, link and key.
  const order = p.order && p.order.length > 1 ? p.order : null;
  const name = order ? `${order[0]!.name} and ${order.length - 1} more` : p.product_name;
  const price = order ? order.reduce((s, i) => s + i.amount, 0) : p.amount;
  // "Amount paid" is what left the buyer's account: the price plus any tax, itemised below it.
  const tax = order ? order.reduce((s, i) => s + i.tax, 0) : (p.tax ?? 0);
  // A free claim paid nothing: "Free", as the success page and Sales History say, not "$0.00".
  const amount = price + tax === 0 ? "Free" : money(price + tax, p.currency);
  const taxLines: [string, string][] = tax
    ? [
        [order ? "Subtotal" : "Price", money(price, p.currency)],
        ["Tax", money(tax, p.currency)],
      ]
    : [];
  const date = day(p.created_at);
  // A membership's access ends with it (cancel, failed payments): never promise it for good.
  const lasting = p.membership_id
    ? "Your access lasts as long as your membership; you can see or cancel it in your customer portal"
    : "Your access is permanent";
  const items = p.bundle_items ?? [];
  // A plan change's charge is the prorated difference, not a new membership: say so, not "thank you".
  const planChange = !order && !!p.membership_id && p.charge_kind === "plan_change";
  const from = seller ? ` from ${seller}` : "";
  const values: ReceiptValues = {
    greeting: greetingFor(contacts.buyerName),
    // What the buyer did: bought, got a free product, joined (a membership's start and renewals), or changed plan.
    thanks: planChange
      ? `Your plan for ${name}${from} changed${p.plan_name ? ` to ${p.plan_name}` : ""}. The amount paid is the difference for the change: the new plan, less a credit for the unused time of your previous plan.`
      : `Thank you for ${p.membership_id ? "your membership of" : amount === "Free" ? "getting" : "buying"} ${name}${from}.`,
    product_name: name,
    amount,
    // {{content_url}} is what templates written before access links use: it is the access link too.
    content_url: p.access_url,
    access_url: p.access_url,
    date,
    portal_url: portal,
    // Older templates say "Hi {{customer_name}}": keep them reading as a sentence.
    customer_name: contacts.buyerName || "there",
    customer_email: p.customer_email,
    creator_name: seller || "the seller",
    order_id: p.id,
    support_email: settings.support_email,
    site_name: settings.site_name,
  };
  const custom = settings.template.trim();
  // Without a template: the greeting and a thank-you naming the product and its seller.
  const thanks = values.thanks;
  const intro = custom
    ? { text: renderReceiptText(custom, values), html: renderReceiptHtml(custom, values) }
    : { text: `${values.greeting}\n\n${thanks}`, html: paragraph(values.greeting) + paragraph(thanks) };
  const questions = questionsLine(contacts, order ? "your order" : name, settings.support_email);
  const rows: [string, string][] = [
    ...(order
      ? order.map((i): [string, string] => [i.name, money(i.amount, p.currency)])
      : [["Product", name] as [string, string]]),
    ...(planChange && p.plan_name ? ([["New plan", p.plan_name]] as [string, string][]) : []),
    ...(seller ? ([["Seller", seller]] as [string, string][]) : []),
    ...taxLines,
    ["Amount paid", amount],
    ["Date", date],
  ];
  const text = [
    intro.text,
    "",
    "Receipt",
    ...rows.map(([k, v]) => `${k}: ${v}`),
    `Order: ${p.id}`,
    "",
    ...(order
      ? order.flatMap((i) => [
          `${i.name}: ${i.access_url}`,
          ...(i.license_key ? [`Licence key for ${i.name}: ${i.license_key}`] : []),
        ])
      : [`Access your content: ${p.access_url}`, ...(p.license_key ? [`Your licence key: ${p.license_key}`] : [])]),
    ...items.flatMap((i) => [
      "",
      `${i.name}: ${Access.urlOf(i.access_token)}`,
      ...(i.license_key ? [`Licence key for ${i.name}: ${i.license_key}`] : []),
    ]),
    "",
    `${lasting}. You can always find this purchase in your customer portal: ${portal}`,
    "(sign in with this e-mail address).",
    ...(questions ? ["", questions] : []),
  ].join("\n");
  const html = frame(
    [
      heading(planChange ? "Your plan changed" : "Thank you for your purchase"),
      intro.html,
      summary([
        ...rows.map(([k, v]): [string, string] => [k, esc(v)]),
        ["Order", `<code style="font-size:12px">${esc(p.id.slice(0, 24))}…</code>`],
        ...(p.license_key && !order
          ? ([["Licence key", `<code>${esc(p.license_key)}</code>`]] as [string, string][])
          : []),
      ]),
      order ? orderHtml(order) : items.length ? bundleHtml(items) : button(p.access_url, "Access Your Content"),
      `<p style="margin:0 0 12px;color:#64748b;font-size:14px">${lasting}. Find this purchase any time in your ${link(portal, "customer portal")} (sign in with this e-mail address).</p>`,
      questions ? paragraph(questions, true) : "",
    ].join("\n"),
  );
  return {
    to: p.customer_email,
    subject: planChange
      ? `Your plan for ${name} changed: receipt`
      : seller
        ? `Your receipt: ${name} by ${seller}`
        : `Your receipt: ${name}`,
    text,
    html,
    ...(contacts.sellerEmail ? { replyTo: contacts.sellerEmail } : {}),
  };
}

/** A bundle's items in the receipt, each with its own link and key, under the bundle. */
function bundleHtml(items: NonNullable<ReceiptPurchase["bundle_items"]>): string {
  const rows = items.map(
    (i) =>
      `<li style="margin:0 0 10px">${link(Access.urlOf(i.access_token), i.name)}` +
      (i.license_key
        ? `<br><span style="font-size:13px;color:#475569">Licence key: <code>${esc(i.license_key)}</code></span>`
        : "") +
      "</li>",
  );
  return `<p style="margin:16px 0 8px;font-weight:600">Included in this bundle</p><ul style="margin:0 0 16px;padding-left:20px">${rows.join("")}</ul>`;
}

/** An order's items in the receipt, each with its own link and key. */
function orderHtml(order: OrderLine[]): string {
  const rows = order.map(
    (i) =>
      `<li style="margin:0 0 10px">${link(i.access_url, `Access ${i.name}`)}` +
      (i.license_key
        ? `<br><span style="font-size:13px;color:#475569">Licence key: <code>${esc(i.license_key)}</code></span>`
        : "") +
      "</li>",
  );
  return `<p style="margin:16px 0 8px;font-weight:600">Your content</p><ul style="margin:0 0 16px;padding-left:20px">${rows.join("")}</ul>`;
}
