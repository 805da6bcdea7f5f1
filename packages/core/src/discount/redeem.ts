import { createHash, randomUUID } from "node:crypto";
import {
  Db,
  DiscountEntity,
  DiscountReservationEntity,
  LegacyDiscountReservationEntity,
  PurchaseEntity,
  UniqueEntity,
  type DiscountItem,
} from "../db/entities";
import { ifConditionFailed } from "../db/errors";
import { AppError, ValidationError } from "../errors";
import { AGAIN, backoff, jitter, retry } from "../retry";
import { reservationsOf, shardOf } from "./shards";
import { discountClaimScope, discountStatusOf } from "./status";

/**
 * Applying a seller's discount code to a checkout. A use is RESERVED when the checkout is
 * created: one transaction adds 1 to the code's `redemptions` under the condition that it is
 * still below the limit, writes a reservation item and (for a buyer's address) raises the
 * address's hold on the code under the condition that it stays within MAX_OPEN_PER_ADDRESS; so
 * two buyers can never both take the last use, nor one person all of them. The checkout record
 * keeps the reservation: when the checkout is paid the reservation is consumed (the use stays
 * taken, the hold goes down); when the provider says it expired, or the reconciler closes it
 * unpaid after its deadline, the use is given back (checkout/open.ts), each in one transaction.
 * Every count here moves only by conditional writes, never by read-then-write.
 */
export interface Reservation {
  discountId: string;
  id: string;
  /** The buyer address's hash (salted with the code), when the reservation counts in a hold. */
  holder?: string;
  /** Its partition (shards.ts); absent for a reservation made before reservations were sharded. */
  shard?: string;
}

/** Open (unpaid) checkouts one buyer address may hold with one code at a time. */
export const MAX_OPEN_PER_ADDRESS = 2;

/** A reservation whose checkout never got created (a crash in between) is given back after this. */
export const RELEASE_GRACE_MS = 60 * 60 * 1000;

const refused = (message: string, code: string) => new ValidationError(message, code);
export const usedUp = (code: string) => refused(`The code ${code} has been used up.`, "discount.used_up");

/** The seller's code as a buyer typed it, if it applies to this product now; a clear 400 otherwise. */
export async function findApplicable(creatorId: string, productId: string, typed: string): Promise<DiscountItem> {
  const code = typed.trim().toUpperCase();
  const claim = (await UniqueEntity.get({ scope: discountClaimScope(creatorId), value: code }).go()).data;
  const d = claim ? (await DiscountEntity.get({ id: claim.owner_id }).go({ consistent: true })).data : null;
  if (!d || d.creator_id !== creatorId) throw refused(`The code ${code} doesn't exist.`, "discount.unknown");
  refuseUnusable(d);
  if (d.product_ids.length > 0 && !d.product_ids.includes(productId))
    throw refused(`The code ${code} doesn't apply to this product.`, "discount.other_product");
  return d;
}

function refuseUnusable(d: DiscountItem) {
  const status = discountStatusOf(d);
  if (status === "inactive") throw refused(`The code ${d.code} is not active.`, "discount.inactive");
  if (status === "expired") throw refused(`The code ${d.code} has expired.`, "discount.expired");
}

/** The price after the code, in cents (percentages round to the nearest cent). */
export function discounted(d: Pick<DiscountItem, "percent_off" | "amount_off">, price: number): number {
  if (d.percent_off != null) return Math.max(0, Math.round((price * (100 - d.percent_off)) / 100));
  return Math.max(0, price - (d.amount_off ?? 0));
}

const held = (code: string) =>
  new AppError(
    "discount.held",
    `You already have ${MAX_OPEN_PER_ADDRESS} unpaid checkouts with the code ${code}. Finish paying one, or wait for them to expire (30 minutes).`,
    429,
  );

/** The hold key of a buyer address for a code: a hash, so no address is stored. */
export const holderOf = (discountId: string, address: string) =>
  createHash("sha256").update(`${discountId}|${address}`).digest("hex").slice(0, 32);

/**
 * Takes one use of the code for a checkout about to be created (see the module comment).
 * `address`: the buyer's network address, whose open reservations of this code are limited.
 */
export async function reserve(d: DiscountItem, opts: { address?: string } = {}): Promise<Reservation> {
  const holder = opts.address ? holderOf(d.id, opts.address) : undefined;
  let now: DiscountItem | null = d;
  let stale = false;
  return retry(
    async () => {
      if (stale) now = (await DiscountEntity.get({ id: d.id }).go({ consistent: true })).data;
      stale = false;
      if (!now || now.code !== d.code) throw refused(`The code ${d.code} doesn't exist.`, "discount.unknown");
      refuseUnusable(now);
      if (discountStatusOf(now) === "used_up") {
        if ((await giveBackExpired(now)) === 0) throw usedUp(d.code);
        stale = true;
        return AGAIN;
      }
      const id = randomUUID();
      const shard = shardOf(id);
      const max = now.max_redemptions;
      const releasableAfter = inAnHour();
      const result = await Db.transaction
        .write(({ discount, discountReservation, discountHold }) => [
          discount
            .patch({ id: d.id })
            .add({ redemptions: 1 })
            // The first reservation of the hour says when a give-back could first find anything.
            .data((a, op) => op.ifNotExists(a.reclaim_after, releasableAfter))
            .where((a, op) =>
              [
                op.eq(a.code, d.code),
                op.eq(a.is_active, true),
                max != null
                  ? `${op.eq(a.max_redemptions, max)} AND ${op.lt(a.redemptions, max)}`
                  : op.notExists(a.max_redemptions),
              ].join(" AND "),
            )
            .commit(),
          discountReservation
            .create({ discount_id: d.id, shard, id, releasable_after: releasableAfter, ...(holder ? { holder } : {}) })
            .commit(),
          ...(holder
            ? [
                discountHold
                  .update({ discount_id: d.id, shard: shardOf(holder), holder })
                  .add({ open: 1 })
                  .where((a, op) => `${op.notExists(a.open)} OR ${op.lt(a.open, MAX_OPEN_PER_ADDRESS)}`)
                  .commit(),
              ]
            : []),
        ])
        .go();
      if (!result.canceled) return { discountId: d.id, id, shard, ...(holder ? { holder } : {}) };
      // This address holds its share already: trying again cannot help.
      const codes = (result.data as { code?: string }[]).map((x) => x.code);
      if (holder && codes[2] === "ConditionalCheckFailed") throw held(d.code);
      // Someone took a use (or changed the code) between our read and our write: read again.
      // Cancelled for a conflict or throttling, nothing is known to have changed: the same
      // read serves the next attempt, and the hot item is not read once more per loser.
      stale = codes[0] === "ConditionalCheckFailed";
      return AGAIN;
    },
    {
      // A launch: many buyers' transactions on this one item cancel one another, and it takes
      // only so many a second. Growing, jittered waits (about 8 s in all, inside the 10 s a
      // request may take, faults.ts) let them through one after another, so a buyer gets the
      // code or "used up", and "busy" only past that.
      attempts: 16,
      delayMs: backoff(25, 1_000),
      exhausted: () =>
        new AppError("discount.busy", "Many buyers are using this code right now. Please try again.", 503),
    },
  );
}

/** Until the checkout exists, a reservation is held for an hour (a crash in between frees it then). */
const inAnHour = () => new Date(Date.now() + RELEASE_GRACE_MS).toISOString();

/**
 * The checkout now exists: its use is held until it is paid (consume) or its provider says it
 * can no longer be (release, by the expiry event or the checkout reconciler).
 */
export async function attachCheckout(r: Reservation, checkoutId: string, payableUntil: Date): Promise<void> {
  const set = {
    checkout_id: checkoutId,
    releasable_after: new Date(payableUntil.getTime() + RELEASE_GRACE_MS).toISOString(),
  };
  if (r.shard)
    await DiscountReservationEntity.patch({ discount_id: r.discountId, shard: r.shard, id: r.id }).set(set).go();
  else await LegacyDiscountReservationEntity.patch({ discount_id: r.discountId, id: r.id }).set(set).go();
}

/**
 * The use goes back: its checkout could not be created, or was closed unpaid. One transaction
 * deletes the reservation (only if it is still there, so a second release changes nothing),
 * subtracts the use and lowers the address's hold.
 */
export async function release(r: Reservation): Promise<boolean> {
  return settleReservation(r, "release");
}

/** The checkout was paid: the use stays taken; the reservation goes and the address's hold goes down. */
export async function consume(r: Reservation): Promise<boolean> {
  return settleReservation(r, "consume");
}

async function settleReservation(r: Reservation, how: "release" | "consume"): Promise<boolean> {
  return retry<boolean>(
    async () => {
      const result = await Db.transaction
        .write(({ discount, discountReservation, discountHold, legacyDiscountReservation, legacyDiscountHold }) => [
          r.shard
            ? discountReservation
                .delete({ discount_id: r.discountId, shard: r.shard, id: r.id })
                .where((a, op) => op.exists(a.id))
                .commit()
            : legacyDiscountReservation
                .delete({ discount_id: r.discountId, id: r.id })
                .where((a, op) => op.exists(a.id))
                .commit(),
          ...(how === "release"
            ? [
                discount
                  .patch({ id: r.discountId })
                  .subtract({ redemptions: 1 })
                  .where((a, op) => op.gt(a.redemptions, 0))
                  .commit(),
              ]
            : []),
          ...(r.holder
            ? [
                // No condition of its own: the reservation's delete above makes the whole write once-only.
                // A reservation made before sharding counts in the hold made with it.
                r.shard
                  ? discountHold
                      .update({ discount_id: r.discountId, shard: shardOf(r.holder), holder: r.holder })
                      .add({ open: -1 })
                      .commit()
                  : legacyDiscountHold
                      .update({ discount_id: r.discountId, holder: r.holder })
                      .add({ open: -1 })
                      .commit(),
              ]
            : []),
        ])
        .go();
      if (!result.canceled) return true;
      // Released or consumed already (a repeated event, a second run): nothing more to do.
      if ((result.data as { code?: string }[])[0]?.code === "ConditionalCheckFailed") return false;
      // Another transaction was writing one of these items: try again.
      return AGAIN;
    },
    {
      attempts: 8,
      delayMs: jitter(10, 60),
      exhausted: () => new Error(`discount reservation ${r.id} could not be ${how}d: too much contention`),
    },
  );
}

/**
 * Run when a code is used up: gives back the uses of reservations whose checkout was never
 * created (past the grace), and drops those of checkouts already paid (recorded before sales
 * consumed their reservation). A checkout that exists is never given back here: only its
 * provider can say it will not be paid (the expiry event, or the checkout reconciler after its
 * deadline). Returns how many uses came back.
 *
 * Nothing can come back before the code's `reclaim_after` (the earliest `releasable_after` of
 * its reservations, or sooner): then the answer is 0 without reading them, so every buyer of a
 * launch who finds the code used up costs one read of the code, not one of all its reservations.
 */
export async function giveBackExpired(d: Pick<DiscountItem, "id" | "reclaim_after">): Promise<number> {
  const started = new Date();
  const now = started.toISOString();
  if (d.reclaim_after && d.reclaim_after > now) return 0;
  const discountId = d.id;
  const data = await reservationsOf(discountId);
  let freed = 0;
  const kept: string[] = [];
  for (const r of data) {
    if (r.releasable_after > now) {
      kept.push(r.releasable_after);
      continue;
    }
    const reservation = {
      discountId,
      id: r.id,
      ...(r.holder ? { holder: r.holder } : {}),
      ...(r.shard ? { shard: r.shard } : {}),
    };
    if (!r.checkout_id) {
      if (await release(reservation)) freed++;
    } else if ((await PurchaseEntity.get({ id: r.checkout_id }).go()).data) await consume(reservation);
    else kept.push(r.releasable_after);
  }
  // A reservation made since the query began is releasable an hour after it at the soonest.
  const next = [...kept, new Date(started.getTime() + RELEASE_GRACE_MS).toISOString()].sort()[0]!;
  await DiscountEntity.patch({ id: discountId })
    .set({ reclaim_after: next })
    .go()
    // The code was deleted meanwhile: nothing left to remember.
    .then(() => undefined, ifConditionFailed(undefined));
  return freed;
}
