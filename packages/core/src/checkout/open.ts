import {
  CheckoutEntity,
  LegacyOpenCheckoutEntity,
  OpenCheckoutEntity,
  type CheckoutItem,
  type OpenCheckoutItem,
} from "../db/entities";
import { SHARDS, hashShard } from "../db/shards";
import { ifConditionFailed } from "../db/errors";
import { release } from "../discount/redeem";
import { SETTLE_SECONDS } from "./lifetime";
import { reservationOf } from "./reservation";

/**
 * Open product checkouts: those a provider may take money for that are neither a recorded sale
 * nor closed unpaid (OpenCheckoutEntity). The checkout reconciler (./reconcile.ts) looks at each
 * once its deadline and the settle time have passed.
 */
type Openable = Pick<CheckoutItem, "session_id" | "kind" | "provider" | "creator_id" | "session_expires_at"> &
  Partial<Pick<CheckoutItem, "credential_id">>;

/** When the reconciler should look at a checkout with this deadline. */
export const dueAt = (expiresAt: string) => new Date(Date.parse(expiresAt) + SETTLE_SECONDS * 1000).toISOString();

/** The key of a checkout's open entry (one of 16 partitions by a hash of its id, db/entities/open-checkout.ts). */
export const openCheckoutKey = (sessionId: string, expiresAt: string) => ({
  shard: hashShard(sessionId),
  due_at: dueAt(expiresAt),
  session_id: sessionId,
});

/** The open-checkout item for a new checkout record, or null for one no provider takes money for. */
export function openCheckoutOf(c: Partial<Openable>) {
  if (c.kind !== "product" || (c.provider !== "stripe" && c.provider !== "paypal")) return null;
  if (!c.session_id || !c.creator_id || !c.session_expires_at) return null;
  return {
    ...openCheckoutKey(c.session_id, c.session_expires_at),
    creator_id: c.creator_id,
    provider: c.provider,
    ...(c.credential_id ? { credential_id: c.credential_id } : {}),
  };
}

/** The checkout is a sale now, or closed unpaid: nothing more for the reconciler (idempotent). */
export async function markSettled(record: Pick<CheckoutItem, "session_id" | "session_expires_at">): Promise<void> {
  if (!record.session_expires_at) return;
  // One made before the split stays until the reconciler finds it settled (forgetOpen).
  await OpenCheckoutEntity.delete(openCheckoutKey(record.session_id, record.session_expires_at)).go();
}

/** The open checkouts due by `now`, oldest first, at most `limit`: the 16 partitions and the one before them. */
export async function dueOpenCheckouts(now: string, limit: number): Promise<OpenCheckoutItem[]> {
  const parts = await Promise.all([
    ...SHARDS.map((shard) => OpenCheckoutEntity.query.primary({ shard }).lte({ due_at: now }).go({ limit })),
    LegacyOpenCheckoutEntity.query.primary({}).lte({ due_at: now }).go({ limit }),
  ]);
  return parts
    .flatMap((p) => p.data as OpenCheckoutItem[])
    .sort((x, y) => (x.due_at < y.due_at ? -1 : x.due_at > y.due_at ? 1 : 0))
    .slice(0, limit);
}

/** Every open checkout's credentials (retired ones still named are kept). */
export async function openCredentialIds(): Promise<Set<string | undefined>> {
  const parts = await Promise.all([
    ...SHARDS.map((shard) =>
      OpenCheckoutEntity.query.primary({ shard }).go({ pages: "all", attributes: ["credential_id"] }),
    ),
    LegacyOpenCheckoutEntity.query.primary({}).go({ pages: "all", attributes: ["credential_id"] }),
  ]);
  return new Set(parts.flatMap((p) => p.data.map((o) => o.credential_id)));
}

/** The reconciler is done with this open entry, in whichever partition it is. */
export async function forgetOpen(open: Pick<OpenCheckoutItem, "shard" | "due_at" | "session_id">): Promise<void> {
  const { due_at, session_id } = open;
  if (open.shard) await OpenCheckoutEntity.delete({ shard: open.shard, due_at, session_id }).go();
  else await LegacyOpenCheckoutEntity.delete({ due_at, session_id }).go();
}

/**
 * The provider's deadline passed (or it said the checkout expired) and nothing was paid: the
 * discount use it held goes back, the checkout is closed (once, `closed_at`) and leaves the open
 * list. Only for a checkout that is not a sale and can no longer become one. Each step is
 * idempotent, so a repeat after a crash half-way finishes the job.
 */
export async function closeUnpaid(
  record: Pick<CheckoutItem, "session_id" | "session_expires_at" | "discount_reservation">,
): Promise<void> {
  const reservation = reservationOf(record);
  if (reservation) await release(reservation);
  await CheckoutEntity.patch({ session_id: record.session_id })
    .set({ closed_at: new Date().toISOString() })
    .where((a, op) => op.notExists(a.closed_at))
    .go()
    .then(() => undefined, ifConditionFailed(undefined));
  await markSettled(record);
}
