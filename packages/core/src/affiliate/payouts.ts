import * as z from "zod";
import { CurrencyInput, minorToDecimal, type Currency } from "../currency/index";
import { AffiliateEntity, CounterEntity, Db } from "../db/entities";
import { ConflictError, ValidationError } from "../errors";
import { affiliateGroup, commissionField } from "../tally/figures";
import { parseInput } from "../validation";
import { figuresOf, figuresOfCounter, paidField, type AffiliateFigures } from "./figures";
import { ownedBy } from "./shape";

/**
 * Paying affiliates (the creator pays them from their own PayPal; Payloft keeps the record):
 * what is due per affiliate and currency, the PayPal Payouts bulk file of it, and "Mark as
 * paid", which can never record more than is due.
 */
export interface DueRow {
  affiliate_id: string;
  email: string;
  /** Where to send it: the PayPal e-mail the affiliate set, else the e-mail they were invited at. */
  paypal_email: string;
  due: AffiliateFigures["due"];
}

/** GET /api/affiliates/payouts/due: every affiliate (removed ones too: money earned is still owed) with something due. */
export async function payoutsDue(creatorId: string): Promise<DueRow[]> {
  const rows = (
    await AffiliateEntity.query.byCreator({ creator_id: creatorId }).go({ order: "desc", pages: "all" })
  ).data.filter((a) => a.user_id);
  const figures = await figuresOf(rows.map((a) => a.id));
  return rows
    .map((a) => ({
      affiliate_id: a.id,
      email: a.email,
      paypal_email: a.paypal_email ?? a.email,
      due: figures.get(a.id)!.due,
    }))
    .filter((r) => Object.keys(r.due).length > 0);
}

const csvCell = (v: string) =>
  /[",\n\r]/.test(v) || /^[=+\-@]/.test(v) ? `"${v.replace(/^([=+\-@])/, "'$1").replace(/"/g, '""')}"` : v;

/**
 * GET /api/affiliates/payouts/due.csv: PayPal Payouts' bulk upload format, one payment per row
 * and no header: recipient (PayPal e-mail), amount (decimal), currency code, note.
 */
export async function payoutsDueCsv(creatorId: string, note = "Affiliate commission"): Promise<string> {
  const lines: string[] = [];
  for (const row of await payoutsDue(creatorId))
    for (const [cur, minor] of Object.entries(row.due) as [Currency, number][])
      lines.push([row.paypal_email, minorToDecimal(minor, cur), cur.toUpperCase(), note].map(csvCell).join(","));
  return lines.length ? `${lines.join("\r\n")}\r\n` : "";
}

const AMOUNT = "amount must be a whole number of minor units (cents), at least 1.";
const PayoutInput = z.object({
  amount: z.number(AMOUNT).int(AMOUNT).min(1, AMOUNT).max(99_999_999_999, AMOUNT),
  currency: CurrencyInput,
  note: z.string("note must be text.").trim().max(200, "note can be at most 200 characters.").optional(),
});

/**
 * POST /api/affiliates/{id}/payouts {amount, currency, note}: records money the creator paid.
 * The counter's paid figure moves only if, at that moment, earned is at least paid + amount
 * (a condition on the one item, so two clicks at once cannot overpay), and the payout joins the
 * affiliate's history (amount, currency, date, note) in the same transaction: never one without
 * the other.
 */
export async function recordPayout(creatorId: string, id: string, input: unknown): Promise<AffiliateFigures> {
  const data = parseInput(PayoutInput, input);
  await ownedBy(creatorId, id, { removed: true });
  const scope = affiliateGroup(id);
  const counter = (await CounterEntity.get({ scope }).go({ consistent: true })).data;
  const figures = figuresOfCounter(counter);
  const due = figures.due[data.currency] ?? 0;
  if (data.amount > due)
    throw new ValidationError(
      due
        ? `You can record at most ${minorToDecimal(due, data.currency)} ${data.currency.toUpperCase()}: that is what this affiliate is due.`
        : `Nothing is due to this affiliate in ${data.currency.toUpperCase()}.`,
      "affiliate.overpaid",
    );
  const earnedField = commissionField(data.currency);
  const paid = paidField(data.currency);
  const paidBefore = (counter as unknown as Record<string, number | undefined>)[paid] ?? 0;
  const entry = {
    amount: data.amount,
    currency: data.currency,
    paid_at: new Date().toISOString(),
    ...(data.note ? { note: data.note } : {}),
  };
  const result = await Db.transaction
    .write(({ counter, affiliate }) => [
      counter
        .update({ scope })
        .add({ [paid]: data.amount })
        .where((a, op) => {
          const attrs = a as unknown as Record<string, never>;
          const same = paidBefore ? op.eq(attrs[paid]!, paidBefore) : op.notExists(attrs[paid]!);
          return `${same} AND ${op.gte(attrs[earnedField]!, paidBefore + data.amount)}`;
        })
        .commit(),
      affiliate
        .update({ id })
        .append({ payouts: [entry] })
        .commit(),
    ])
    .go();
  // A sale's fold or another payout touched the counter at that moment: nothing was written.
  if (result.canceled)
    throw new ConflictError(
      "affiliate.balance_changed",
      "This affiliate's balance changed meanwhile. Please reload and try again.",
    );
  return figuresOfCounter((await CounterEntity.get({ scope }).go({ consistent: true })).data);
}

/**
 * Every affiliate a creator ever had (removed ones too: their figures stay) with the payouts
 * recorded to them: the recount's reading (an operator's tool, not a request path), the record
 * each counter's `paid` figures follow.
 */
export async function payoutHistories(
  creatorId: string,
): Promise<{ id: string; payouts: { amount: number; currency: string }[] }[]> {
  const res = await AffiliateEntity.query
    .byCreator({ creator_id: creatorId })
    .go({ pages: "all", attributes: ["id", "payouts"] });
  return res.data.map((a) => ({ id: a.id, payouts: a.payouts ?? [] }));
}
