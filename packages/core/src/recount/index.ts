import {
  BuyerEntity,
  CounterEntity,
  CustomerEntity,
  DailyStatEntity,
  ProductEntity,
  TrafficStatEntity,
  type TrafficStatItem,
} from "../db/entities";
import { logger } from "../log/index";
import { notFoldedYet } from "./folded";
import { readBuyerPurchases, readPurchases, readStored, type Scope } from "./stored";
import { compare, tally, tallyMemberships, tallyPayouts, type Difference } from "./tally";
import { membershipsOfCreators } from "../membership/list";

export type { Difference } from "./tally";

/**
 * `npm run recount`: recomputes every sales figure (running counters, daily aggregates,
 * product, customer and buyer totals) from the purchases themselves, the members figures
 * (active, trialing, MRR, ends per day) from the memberships, and each affiliate's figures
 * (sales, commission per currency from the purchases they brought; paid from their payout
 * history; not clicks, whose items expire), and reports where the
 * stored figures differ; with `fix`, corrects them. Traffic items' sales and revenue are
 * recomputed from the visit each purchase recorded (their views are not the purchases'). A sale's
 * figures follow its purchase through the table's stream (core/src/tally): the expected figures
 * are those of the records the fold has counted (its marks, ./folded.ts), so a sale on its way,
 * however late, is never a difference; one is a bug, a lost record or a hand edit.
 */
export namespace Recount {
  export interface Report {
    /** Purchases read. */
    purchases: number;
    differences: Difference[];
    /** Differences corrected (only with `fix`). */
    fixed: number;
  }

  async function differences(scope: Scope) {
    const purchases = await readPurchases(scope);
    // The marks before the figures: a figure read after its mark holds what the mark says.
    const notFolded = await notFoldedYet(purchases);
    const expected = tally(purchases, { platform: !scope.creatorId, notFolded });
    if (scope.creatorId) {
      const emails = [...new Set(purchases.map((p) => p.customer_email))];
      expected.buyer = tally(await readBuyerPurchases(emails), { platform: false }).buyer;
    }
    // Every membership's first sale is a purchase of its seller, so the sellers read are all there are.
    const sellers = scope.creatorId ? [scope.creatorId] : [...new Set(purchases.map((p) => p.creator_id))];
    tallyMemberships(expected, await membershipsOfCreators(sellers));
    const { stored, existingProducts, payouts } = await readStored(scope, purchases);
    tallyPayouts(expected, payouts);
    for (const id of [...expected.product.keys()]) if (!existingProducts.has(id)) expected.product.delete(id);
    return { purchases: purchases.length, differences: compare(expected, stored) };
  }

  const same = (a: Difference, b: Difference) =>
    a.holder === b.holder && a.key === b.key && a.field === b.field && a.stored === b.stored;

  export async function run(opts: Scope & { fix?: boolean } = {}): Promise<Report> {
    const scope: Scope = opts.creatorId ? { creatorId: opts.creatorId } : {};
    const first = await differences(scope);
    if (!opts.fix || !first.differences.length) return { ...first, fixed: 0 };
    // A sale folded between reading the marks and reading its figures looks like a difference
    // once; only what a second look confirms is corrected.
    const second = await differences(scope);
    const confirmed = second.differences.filter((d) => first.differences.some((f) => same(f, d)));
    await correct(confirmed);
    logger.info("recount corrected figures", { count: confirmed.length });
    const after = await differences(scope);
    return { purchases: after.purchases, differences: after.differences, fixed: confirmed.length };
  }

  /**
   * Adds the difference (expected − stored) rather than setting the value, so a sale counted
   * meanwhile by the ledger's own add() is kept. Items are created when missing, except a
   * product's, which is never brought back.
   */
  async function correct(diffs: Difference[]) {
    const byItem = new Map<string, { holder: Difference["holder"]; key: string; add: Record<string, number> }>();
    for (const d of diffs) {
      const id = `${d.holder}|${d.key}`;
      const row = byItem.get(id) ?? { holder: d.holder, key: d.key, add: {} };
      row.add[d.field] = d.expected - d.stored;
      byItem.set(id, row);
    }
    for (const { holder, key, add } of byItem.values()) {
      if (holder === "counter") await CounterEntity.update({ scope: key }).add(add).go();
      else if (holder === "daily") {
        const [scope, date] = splitLast(key);
        await DailyStatEntity.update({ scope, date }).add(add).go();
      } else if (holder === "product") await ProductEntity.patch({ id: key }).add(add).go();
      else if (holder === "customer") {
        const [creator_id, email] = splitFirst(key);
        await CustomerEntity.update({ creator_id, email }).add(add).go();
      } else if (holder === "traffic") {
        const [scope, date, dimension, value] = key.split("|") as [
          string,
          string,
          TrafficStatItem["dimension"],
          string,
        ];
        await TrafficStatEntity.update({ scope, date, dimension, value }).add(add).go();
      } else await BuyerEntity.update({ email: key }).add(add).go();
    }
  }

  const splitLast = (key: string): [string, string] => {
    const i = key.lastIndexOf("|");
    return [key.slice(0, i), key.slice(i + 1)];
  };
  const splitFirst = (key: string): [string, string] => {
    const i = key.indexOf("|");
    return [key.slice(0, i), key.slice(i + 1)];
  };
}
