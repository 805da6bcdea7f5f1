import { saleAdditions } from "../tally/figures";
import { existingMarks, markId, saleRecordId } from "../tally/marks";
import type { SaleRecord } from "./tally";

/**
 * Which of the purchases' figures the fold has not counted yet. A purchase's figures follow it
 * from the table's stream (core/src/tally/fold.ts), a moment later or, while the fold is
 * throttled or failing, much later; the recount must expect of the figures only what has been
 * folded into them, or it "corrects" a figure by a sale the fold then counts again. Each
 * group's figures of a record are written in one transaction with the record's mark, so the
 * marks say exactly what the figures hold.
 *
 * Marks expire three days after their fold; the stream keeps a record 24 hours. A record
 * written more recently than RECENT_MS has its mark if it was folded; an older one was folded
 * long ago (or lost with the stream, which is what the recount is there to repair).
 */
export const RECENT_MS = 2 * 24 * 60 * 60 * 1000;

/** The mark id of every recent fold record of `purchases` that has no mark yet. */
export async function notFoldedYet(purchases: SaleRecord[], now = Date.now()): Promise<Set<string>> {
  const recent = (iso: string | undefined) => !!iso && now - Date.parse(iso) < RECENT_MS;
  const wanted: string[] = [];
  for (const p of purchases) {
    // Purchases from before the fold counted their sale in their own transaction.
    if (p.tally !== 1) continue;
    const records = [
      ...(recent(p.created_at) ? [saleRecordId(p.id, "+")] : []),
      ...(p.status !== "completed" && recent(p.reversed_at) ? [saleRecordId(p.id, "-")] : []),
    ];
    if (!records.length) continue;
    const groups = new Set(saleAdditions(p, 1, false).map((a) => a.group));
    for (const r of records) for (const g of groups) wanted.push(markId(r, g));
  }
  const marked = await existingMarks(wanted);
  return new Set(wanted.filter((id) => !marked.has(id)));
}
