import type { FormObject } from "./form";
import type { PageTexts } from "./locale";
import type { StripeObject } from "./store";
import { COUNTRIES, TAX_RATES } from "./tax";

const esc = (s: unknown) => String(s ?? "").replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Whether the hosted page asks for a billing address (required collection, or tax needing a location). */
export const asksForAddress = (session: StripeObject) =>
  session.status === "open" && (session.billing_address_collection === "required" || !!session.automatic_tax?.enabled);

/** The billing address fields of the hosted page; the values the buyer sent are kept after an error. */
export function addressFields(session: StripeObject, t: PageTexts, form: FormObject = {}): string {
  if (!asksForAddress(session)) return "";
  const value = (k: string) => (typeof form[k] === "string" ? (form[k] as string) : "");
  const chosen = value("country").toUpperCase();
  const options = COUNTRIES.map(
    ([code, name]) => `<option value="${code}"${code === chosen ? " selected" : ""}>${esc(name)}</option>`,
  ).join("");
  const input = (id: string, label: string, autocomplete: string) =>
    `<label for="${id}">${esc(label)}</label><input id="${id}" name="${id}" required autocomplete="${autocomplete}" value="${esc(value(id))}">`;
  return `<fieldset style="border:0;padding:0;margin:0"><legend style="font-weight:600;margin-top:1.25rem">${esc(t.billingAddress)}</legend>
    <label for="country">${esc(t.country)}</label><select id="country" name="country" required autocomplete="country"><option value=""></option>${options}</select>
    ${input("line1", t.line1, "address-line1")}${input("city", t.city, "address-level2")}${input("postal_code", t.postalCode, "postal-code")}</fieldset>`;
}

/**
 * Subtotal, tax and total lines when the session computes tax. Before payment the tax follows
 * the country the buyer picks (a few lines of script with the sandbox's rate table, the same
 * table the server charges with); after payment it is the session's own figure.
 */
export function taxSummary(session: StripeObject, t: PageTexts, money: (cents: number, c: string) => string): string {
  if (!session.automatic_tax?.enabled) return "";
  const paid = session.status === "complete";
  const tax = paid ? money(session.total_details?.amount_tax ?? 0, session.currency) : t.taxPending;
  const script = paid
    ? ""
    : // The address form comes after this summary in the page: run once the whole page is parsed.
      `<script>addEventListener("DOMContentLoaded",()=>{const rates=${JSON.stringify(TAX_RATES)},sub=${Number(session.amount_subtotal)};
const fmt=new Intl.NumberFormat(${JSON.stringify(t.intl)},{style:"currency",currency:${JSON.stringify(String(session.currency).toUpperCase())}});
const c=document.getElementById("country");const show=()=>{if(!c.value)return;const tax=Math.round(sub*(rates[c.value]??0)/100);
document.getElementById("tax-amount").textContent=fmt.format(tax/100);document.getElementById("total-amount").textContent=fmt.format((sub+tax)/100);};
c.addEventListener("change",show);show();});</script>`;
  return `<div class="line"><span>${esc(t.subtotal)}</span><span>${money(session.amount_subtotal, session.currency)}</span></div>
    <div class="line"><span>${esc(t.tax)}</span><span id="tax-amount" aria-live="polite">${esc(tax)}</span></div>${script}`;
}
