import type { CheckoutItem } from "../db/entities";
import type { Reservation } from "../discount/redeem";

/**
 * The discount use a checkout reserved, as its record keeps it (`discount_reservation`) and as
 * discount/redeem.ts takes it: consumed when the checkout is paid, released when it is closed.
 */
/** A reserved discount use as the record keeps it. */
export const storedReservation = (r: Reservation | undefined) =>
  r
    ? {
        discount_reservation: {
          discount_id: r.discountId,
          id: r.id,
          ...(r.holder ? { holder: r.holder } : {}),
          ...(r.shard ? { shard: r.shard } : {}),
        },
      }
    : {};

/** The record's reserved discount use, as discount/redeem.ts takes it. */
export const reservationOf = (c: Pick<CheckoutItem, "discount_reservation">): Reservation | undefined =>
  c.discount_reservation
    ? {
        discountId: c.discount_reservation.discount_id,
        id: c.discount_reservation.id,
        ...(c.discount_reservation.holder ? { holder: c.discount_reservation.holder } : {}),
        // Absent on records whose reservation was made before reservations were sharded.
        ...(c.discount_reservation.shard ? { shard: c.discount_reservation.shard } : {}),
      }
    : undefined;
