import {
  DiscountHoldEntity,
  DiscountReservationEntity,
  LegacyDiscountHoldEntity,
  LegacyDiscountReservationEntity,
} from "../db/entities";
import { SHARDS } from "../db/shards";

/**
 * A code's reservations and address holds live in 16 partitions (db/entities/discount-*.ts):
 * every attempt of a launch's buyers writes one of each, and one partition takes only 1,000 write
 * units a second (docs/scale.md, "Discount codes"). The shard is the first hex digit of the
 * reservation's random id, and of the holder's hash for a hold (one address: always one item).
 */

export const shardOf = (hex: string) => hex.charAt(0).toLowerCase();

/** A reservation as stored, in whichever partition; `shard` absent: made before sharding. */
export interface StoredReservation {
  discount_id: string;
  id: string;
  shard?: string;
  checkout_id?: string;
  holder?: string;
  releasable_after: string;
}

/** Every open reservation of a code: its 16 shards and the partition of those made before. */
export async function reservationsOf(discountId: string): Promise<StoredReservation[]> {
  const [legacy, sharded] = await Promise.all([
    LegacyDiscountReservationEntity.query.primary({ discount_id: discountId }).go({ pages: "all" }),
    Promise.all(
      SHARDS.map((shard) =>
        DiscountReservationEntity.query.primary({ discount_id: discountId, shard }).go({ pages: "all" }),
      ),
    ),
  ]);
  return [...legacy.data, ...sharded.flatMap((r) => r.data)];
}

/** Every address hold of a code (open count per holder), sharded and made before. */
export async function holdsOf(discountId: string): Promise<{ holder: string; open: number; shard?: string }[]> {
  const [legacy, sharded] = await Promise.all([
    LegacyDiscountHoldEntity.query.primary({ discount_id: discountId }).go({ pages: "all" }),
    Promise.all(
      SHARDS.map((shard) => DiscountHoldEntity.query.primary({ discount_id: discountId, shard }).go({ pages: "all" })),
    ),
  ]);
  return [...legacy.data, ...sharded.flatMap((r) => r.data)];
}
