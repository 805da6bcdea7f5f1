import { CURRENCIES, type Currency } from "../currency/units";
import { CounterEntity, type CounterItem } from "../db/entities";
import { affiliateGroup, commissionField, paidField } from "../tally/figures";

/**
 * An affiliate's figures with their creator, read from their counter (`affiliate#<id>`), which
 * the stream fold moves with each sale they brought and each reversal of one (core/src/tally):
 * sales, commission earned and paid per currency, and what is due (earned − paid).
 */
export interface AffiliateFigures {
  /** People who followed their links (affiliate/clicks.ts). */
  clicks: number;
  sales: number;
  /** minor units per currency, e.g. {usd: 1234, eur: 500} */
  earned: Partial<Record<Currency, number>>;
  paid: Partial<Record<Currency, number>>;
  due: Partial<Record<Currency, number>>;
}

export { paidField };

type Numbers = Record<string, number | undefined>;

export function figuresOfCounter(c: CounterItem | null | undefined): AffiliateFigures {
  const item = (c ?? {}) as unknown as Numbers;
  const out: AffiliateFigures = { clicks: item.clicks ?? 0, sales: item.sales ?? 0, earned: {}, paid: {}, due: {} };
  for (const cur of CURRENCIES) {
    const earned = item[commissionField(cur)] ?? 0;
    const paid = item[paidField(cur)] ?? 0;
    if (earned) out.earned[cur] = earned;
    if (paid) out.paid[cur] = paid;
    if (earned - paid > 0) out.due[cur] = earned - paid;
  }
  return out;
}

/** Figures of many affiliates, one BatchGetItem per 100. */
export async function figuresOf(ids: string[]): Promise<Map<string, AffiliateFigures>> {
  const out = new Map<string, AffiliateFigures>();
  for (let i = 0; i < ids.length; i += 100) {
    const slice = ids.slice(i, i + 100);
    const res = await CounterEntity.get(slice.map((id) => ({ scope: affiliateGroup(id) }))).go();
    const byScope = new Map(res.data.map((c) => [c.scope, c]));
    for (const id of slice) out.set(id, figuresOfCounter(byScope.get(affiliateGroup(id))));
  }
  return out;
}
