import { TallyMarkEntity } from "../db/entities/tally-mark";
import { AGAIN, backoff, retry } from "../retry";

/**
 * The fold's marks (./fold.ts): `<record>|<group>` says the record's figures were added to that
 * group, in the same transaction as the figures. The recount reads them to expect of the
 * figures only what the fold has counted (core/src/recount/folded.ts).
 */
export const markId = (record: string, group: string) => `${record}|${group}`;

/** The record of a purchase's sale (`+`) or of its reversal (`-`), as the fold names them. */
export const saleRecordId = (purchaseId: string, sign: "+" | "-") => `${purchaseId}|${sign}`;

/** Which of the mark ids exist, read consistently (a mark written before the read is seen). */
export async function existingMarks(ids: string[]): Promise<Set<string>> {
  const found = new Set<string>();
  for (let i = 0; i < ids.length; i += 100) {
    let keys = ids.slice(i, i + 100).map((id) => ({ id }));
    await retry(
      async () => {
        const res = await TallyMarkEntity.get(keys).go({ consistent: true, preserveBatchOrder: false });
        for (const m of res.data) found.add(m.id);
        keys = res.unprocessed as typeof keys;
        return keys.length ? AGAIN : null;
      },
      { attempts: 6, delayMs: backoff(50, 1000), exhausted: () => new Error("the fold's marks could not be read") },
    );
  }
  return found;
}
