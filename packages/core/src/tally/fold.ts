import { Db, type TrafficStatItem } from "../db/entities";
import { fromStored, type Stored } from "../db/lean/attr";
import { logger } from "../log/index";
import { TRANSIENT_CANCELLATIONS } from "../product/store";
import { AGAIN, backoff, retry } from "../retry";
import { clickAdditions, membershipAdditions, saleAdditions, sumByItem, viewAdditions } from "./figures";
import type { Addition, MembershipRecord, Sale, ViewRecord } from "./figures";
import { markId, saleRecordId } from "./marks";

/**
 * The figures fold: the table's stream in, every counter, daily and traffic figure a sale, a
 * reversal or a view moves out, each exactly once. A purchase's own transaction writes only
 * the purchase, its buyer's customer and buyer records and its licence key (items of its own),
 * so a launch has no hot item on its money path; the figures follow here, from the purchase
 * records, in batches.
 *
 * One stream record (a purchase recorded, a purchase reversed, a view) adds to up to three
 * groups (seller, product, platform: figures.ts). Each group's additions from a batch are
 * summed per item and written in one transaction together with a mark per record (`<record>|
 * <group>`, TallyMarkEntity, created only if absent): a record already folded into that group
 * cancels the transaction with ConditionalCheckFailed at its mark, is dropped, and the rest is
 * written again. So the same record delivered twice, a batch retried after a partial failure,
 * or two batches racing, all count once. A group's items are written once per batch, not once
 * per sale: a thousand sales of one product in a second are a few writes on its counter.
 */
export interface StreamRecord {
  eventName?: string;
  dynamodb?: { SequenceNumber?: string; NewImage?: Stored; OldImage?: Stored };
}

interface Entry {
  seq: string;
  /** `<purchase id>|+`, `<purchase id>|-`, `view|<id>`, `click|<id>` or `membership|<id>|<sequence number>` */
  record: string;
  additions: Addition[];
}

/** DynamoDB's limit of actions in one transaction. */
const TRANSACTION_MAX = 100;
const MARK_TTL_SECONDS = 3 * 24 * 60 * 60;

type Image = Record<string, unknown>;
const imageOf = (s: Stored | undefined): Image | undefined => (s ? fromStored(s) : undefined);

/** What a record adds, or null when it moves no figure (another item type, an unrelated change). */
export function entryOf(r: StreamRecord): Entry | null {
  const seq = r.dynamodb?.SequenceNumber ?? "";
  const now = imageOf(r.dynamodb?.NewImage);
  const before = imageOf(r.dynamodb?.OldImage);
  if (r.eventName === "INSERT" && now?.__edb_e__ === "view") {
    return { seq, record: `view|${String(now.id)}`, additions: viewAdditions(now as unknown as ViewRecord) };
  }
  if (r.eventName === "INSERT" && now?.__edb_e__ === "affiliateclick") {
    return { seq, record: `click|${String(now.id)}`, additions: clickAdditions(String(now.affiliate_id)) };
  }
  if (now?.__edb_e__ === "membership" && (r.eventName === "INSERT" || r.eventName === "MODIFY")) {
    // Each write of a membership is its own record (its sequence number): a redelivery counts once.
    const additions = membershipAdditions(
      before as unknown as MembershipRecord | undefined,
      now as unknown as MembershipRecord,
    );
    return additions.length ? { seq, record: `membership|${String(now.id)}|${seq}`, additions } : null;
  }
  if (now?.__edb_e__ !== "purchase" || now.tally !== 1) return null;
  if (r.eventName === "INSERT" && now.status === "completed") {
    return {
      seq,
      record: saleRecordId(String(now.id), "+"),
      additions: saleAdditions(now as unknown as Sale, 1, !!now.new_customer),
    };
  }
  if (r.eventName === "MODIFY" && before?.status === "completed" && now.status !== "completed") {
    return {
      seq,
      record: saleRecordId(String(now.id), "-"),
      additions: saleAdditions(before as unknown as Sale, -1, false),
    };
  }
  return null;
}

/**
 * Folds a batch of stream records. Answers the sequence numbers of the records it could not
 * fold (a group's transaction failed every retry): the caller has them delivered again (a
 * partial batch response), and what was folded already is not counted twice.
 */
export async function fold(records: StreamRecord[]): Promise<string[]> {
  const groups = new Map<string, Entry[]>();
  for (const r of records) {
    const entry = entryOf(r);
    if (!entry) continue;
    for (const group of new Set(entry.additions.map((a) => a.group))) {
      const own = { ...entry, additions: entry.additions.filter((a) => a.group === group) };
      groups.set(group, [...(groups.get(group) ?? []), own]);
    }
  }
  const failed: string[] = [];
  const queue = [...groups];
  // A few groups at a time: they touch different items, so they never conflict with each other.
  await Promise.all(
    Array.from({ length: Math.min(4, queue.length) }, async () => {
      for (let next = queue.shift(); next; next = queue.shift()) {
        const [group, entries] = next;
        for (const chunk of chunks(entries)) {
          try {
            await writeGroup(group, chunk);
          } catch (err) {
            logger.warn("figures not folded yet; the stream delivers them again", {
              group,
              records: chunk.length,
              error: (err as Error).message,
            });
            failed.push(...chunk.map((e) => e.seq));
          }
        }
      }
    }),
  );
  return failed;
}

/** Entries in transactions of at most 100 actions: the group's items plus one mark per record. */
function chunks(entries: Entry[]): Entry[][] {
  const out: Entry[][] = [];
  let current: Entry[] = [];
  for (const e of entries) {
    const next = [...current, e];
    if (current.length && sumByItem(next.flatMap((x) => x.additions)).length + next.length > TRANSACTION_MAX) {
      out.push(current);
      current = [e];
    } else current = next;
  }
  if (current.length) out.push(current);
  return out;
}

async function writeGroup(group: string, entries: Entry[]): Promise<void> {
  let pending = entries;
  await retry<void>(
    async () => {
      if (!pending.length) return;
      const items = sumByItem(pending.flatMap((e) => e.additions));
      const expires_at = Math.floor(Date.now() / 1000) + MARK_TTL_SECONDS;
      const result = await Db.transaction
        .write(({ counter, daily, traffic, tallyMark }) => [
          ...items.map((a) => {
            if (a.holder === "counter") return counter.update({ scope: a.key }).add(a.add).commit();
            if (a.holder === "daily") {
              const i = a.key.lastIndexOf("|");
              return daily
                .update({ scope: a.key.slice(0, i), date: a.key.slice(i + 1) })
                .add(a.add)
                .commit();
            }
            const [scope, date, dimension, value] = a.key.split("|") as [
              string,
              string,
              TrafficStatItem["dimension"],
              string,
            ];
            return traffic.update({ scope, date, dimension, value }).add(a.add).commit();
          }),
          ...pending.map((e) => tallyMark.create({ id: markId(e.record, group), expires_at }).commit()),
        ])
        .go();
      if (!result.canceled) return;
      const codes = result.data.map((d: { code?: string }) => d.code ?? "None");
      const folded = new Set(
        pending.filter((_, i) => codes[items.length + i] === "ConditionalCheckFailed").map((e) => e.record),
      );
      if (folded.size) {
        // Records this group has counted already (a redelivery): the others are written again now.
        pending = pending.filter((e) => !folded.has(e.record));
        return AGAIN;
      }
      if (codes.some((c) => TRANSIENT_CANCELLATIONS.has(c))) return AGAIN;
      throw new Error(`the figures of ${group} were refused: ${codes.join(", ")}`);
    },
    { attempts: 12, delayMs: backoff(25, 2000), exhausted: () => new Error(`could not fold the figures of ${group}`) },
  );
}
