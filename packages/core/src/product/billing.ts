import * as z from "zod";
import { formatMoney, toMinor, type Currency } from "../currency/index";
import { BILLINGS, INTERVALS, MAX_TIERS, MAX_TRIAL_DAYS, type Billing, type Tier, type TierPrice } from "./tiers";

/**
 * Memberships (recurring products): a product is bought once (`billing: "one_time"`, the default)
 * or is recurring access sold in tiers, each with a price per interval, optionally after a free
 * trial. Amounts are in the same unit as the product's `price` in the same API (typed in the
 * currency's major unit in the dialog, minor units in API v1), and in the product's currency;
 * stored, like every amount, in minor units (rule: Cents and server prices).
 */

const TRIAL = `trial_days must be a whole number of days from 0 to ${MAX_TRIAL_DAYS}.`;
const TIER_ID = 'A tier\'s id must be 1 to 40 lower-case letters, digits, "-" or "_", e.g. "basic".';

/** The fields a product's billing adds, each with its own rule; `amount` is the unit's (dialog or API). */
export const billingFields = (amount: z.ZodType<number>) => ({
  billing: z.enum(BILLINGS, "billing must be one_time or recurring."),
  tiers: z
    .array(
      z.object(
        {
          // Optional: a tier sent without one gets one made from its name (tierIds).
          id: z
            .string(TIER_ID)
            .trim()
            .regex(/^[a-z0-9][a-z0-9_-]{0,39}$/, TIER_ID)
            .optional(),
          name: z
            .string("Please enter a name for each tier.")
            .trim()
            .min(1, "Please enter a name for each tier.")
            .max(80, "A tier's name must be at most 80 characters."),
          description: z
            .string("A tier's description must be text.")
            .trim()
            .max(500, "A tier's description must be at most 500 characters.")
            .optional(),
          prices: z.array(
            z.object({
              interval: z.enum(INTERVALS, "A price's interval must be one of: month, quarter, year."),
              amount,
            }),
            "Each tier needs its prices: a list of { interval, amount }.",
          ),
        },
        "Each tier must be an object with a name and prices.",
      ),
      "tiers must be a list of tiers.",
    )
    .max(MAX_TIERS, `A product can have at most ${MAX_TIERS} tiers.`),
  trial_days: z.number(TRIAL).int(TRIAL).min(0, TRIAL).max(MAX_TRIAL_DAYS, TRIAL),
});

type SentTier = { id?: string; name: string; description?: string; prices: TierPrice[] };

/** A tier id made from its name ("Pro plan" → "pro-plan"), distinct from the ids before it. */
function tierIds(tiers: SentTier[]): Tier[] {
  const taken = new Set(tiers.flatMap((t) => (t.id ? [t.id] : [])));
  return tiers.map((t) => {
    if (t.id) return { ...t, id: t.id };
    const base =
      t.name
        .toLowerCase()
        .normalize("NFKD")
        .replace(/[^a-z0-9]+/g, "-")
        .replace(/^-+|-+$/g, "")
        .slice(0, 34) || "tier";
    let id = base;
    for (let n = 2; taken.has(id); n++) id = `${base}-${n}`;
    taken.add(id);
    return { ...t, id };
  });
}

interface BillingSent {
  billing?: Billing;
  tiers?: SentTier[];
  trial_days?: number;
  pay_what_you_want: boolean;
  currency: Currency;
}

/**
 * The billing of a whole product, checked together: a recurring product has at least one tier,
 * each with a price per interval (at most one per interval), above zero and at most `max`; a
 * one-time product has neither tiers nor a trial. The product's `price` of a recurring product is
 * what its tiers start at (the lowest amount), so lists, sorting and limits keep one figure.
 * Null when refused (the issue is added to ctx).
 */
export function checkBilling(
  p: BillingSent,
  unit: "major" | "minor",
  max: number,
  ctx: z.RefinementCtx,
): { billing: Billing; tiers: Tier[]; trial_days: number; lowest: number | null } | null {
  const fail = (message: string) => (ctx.addIssue({ code: "custom", message }), null);
  const billing = p.billing ?? "one_time";
  const sent = p.tiers ?? [];
  const trial_days = p.trial_days ?? 0;
  if (billing === "one_time") {
    if (sent.length) return fail("Tiers are only for recurring products: set billing to recurring.");
    if (trial_days) return fail("A free trial is only for recurring products: set billing to recurring.");
    return { billing, tiers: [], trial_days: 0, lowest: null };
  }
  if (!sent.length) return fail("A recurring product needs at least one tier with a price.");
  if (p.pay_what_you_want) return fail("Pay what you want is only for one-time products.");
  const tiers = tierIds(sent);
  const ids = new Set<string>();
  for (const t of tiers) {
    if (ids.has(t.id)) return fail(`Two tiers can't have the same id ("${t.id}").`);
    ids.add(t.id);
    if (!t.prices.length) return fail(`Each tier needs at least one price: "${t.name}" has none.`);
    const intervals = new Set(t.prices.map((x) => x.interval));
    if (intervals.size !== t.prices.length)
      return fail(`A tier has one price per interval: "${t.name}" has two for the same interval.`);
    for (const price of t.prices) {
      price.amount = unit === "major" ? toMinor(price.amount, p.currency) : price.amount;
      if (price.amount <= 0) return fail(`Each tier's price must be more than 0 ("${t.name}").`);
      if (price.amount > max) return fail(`A tier's price can be at most ${formatMoney(max, p.currency)}.`);
    }
  }
  const lowest = Math.min(...tiers.flatMap((t) => t.prices.map((x) => x.amount)));
  return { billing, tiers, trial_days, lowest };
}
