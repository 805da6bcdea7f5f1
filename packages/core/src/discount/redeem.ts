import { randomUUID } from "node:crypto";
import {
  Db,
  DiscountEntity,
  DiscountReservationEntity,
  PurchaseEntity,
  UniqueEntity,
  type DiscountItem,
} from "../db/entities";
import { AppError, ValidationError } from "../errors";
import { AGAIN, jitter, retry } from "../retry";
import { discountClaimScope, discountStatusOf } from "./status";

/**
 * Applying a seller's discount code to a checkout. A use is RESERVED when the
 * checkout is created: one transaction adds 1 to the code's `redemptions` under the condition
 * that it is still below the limit, and writes a reservation item; so two buyers can never both
 * take the last use. A reservation whose checkout can no longer be paid, and was not, is given
 * back (deleted in the same transaction that subtracts the use) when the code next runs out:
 * a lazy release that needs no timer and reads only that code's own reservations.
 */
export interface Reservation {
  discountId: string;
  id: string;
}

/** After a checkout's provider deadline, how long a payment may still be on its way to us. */
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

/** Takes one use of the code for a checkout about to be created (see the module comment). */
export async function reserve(d: DiscountItem): Promise<Reservation> {
  return retry(
    async (attempt) => {
      const now = attempt === 1 ? d : (await DiscountEntity.get({ id: d.id }).go({ consistent: true })).data;
      if (!now || now.code !== d.code) throw refused(`The code ${d.code} doesn't exist.`, "discount.unknown");
      refuseUnusable(now);
      if (discountStatusOf(now) === "used_up") {
        if ((await giveBackExpired(d.id)) === 0) throw usedUp(d.code);
        return AGAIN;
      }
      const id = randomUUID();
      const max = now.max_redemptions;
      const result = await Db.transaction
        .write(({ discount, discountReservation }) => [
          discount
            .patch({ id: d.id })
            .add({ redemptions: 1 })
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
          discountReservation.create({ discount_id: d.id, id, releasable_after: inAnHour() }).commit(),
        ])
        .go();
      // Someone took a use (or changed the code) between our read and our write: read again.
      return result.canceled ? AGAIN : { discountId: d.id, id };
    },
    {
      attempts: 6,
      delayMs: jitter(10, 40),
      exhausted: () =>
        new AppError("discount.busy", "Many buyers are using this code right now. Please try again.", 503),
    },
  );
}

/** Until the checkout exists, a reservation is held for an hour (a crash in between frees it then). */
const inAnHour = () => new Date(Date.now() + RELEASE_GRACE_MS).toISOString();

/** The checkout now exists: its use is held until it can no longer be paid, plus the grace. */
export async function attachCheckout(r: Reservation, checkoutId: string, payableUntil: Date): Promise<void> {
  await DiscountReservationEntity.patch({ discount_id: r.discountId, id: r.id })
    .set({
      checkout_id: checkoutId,
      releasable_after: new Date(payableUntil.getTime() + RELEASE_GRACE_MS).toISOString(),
    })
    .go();
}

/** The checkout could not be created: the use goes back at once. */
export async function release(r: Reservation): Promise<boolean> {
  const result = await Db.transaction
    .write(({ discount, discountReservation }) => [
      discountReservation
        .delete({ discount_id: r.discountId, id: r.id })
        .where((a, op) => op.exists(a.id))
        .commit(),
      discount
        .patch({ id: r.discountId })
        .subtract({ redemptions: 1 })
        .where((a, op) => op.gt(a.redemptions, 0))
        .commit(),
    ])
    .go();
  return !result.canceled;
}

/**
 * Gives back the uses of this code's checkouts that were not paid and can no longer be; a
 * paid one keeps its use (its reservation item is simply dropped). Returns how many came back.
 */
export async function giveBackExpired(discountId: string): Promise<number> {
  const now = new Date().toISOString();
  const { data } = await DiscountReservationEntity.query.primary({ discount_id: discountId }).go({ pages: "all" });
  let freed = 0;
  for (const r of data.filter((r) => r.releasable_after <= now)) {
    const paid = r.checkout_id ? (await PurchaseEntity.get({ id: r.checkout_id }).go()).data : null;
    if (paid) await DiscountReservationEntity.delete({ discount_id: discountId, id: r.id }).go();
    else if (await release({ discountId, id: r.id })) freed++;
  }
  return freed;
}
