import { ProductEntity, UserEntity } from "../db/entities";
import { logger } from "../log/index";
import { transact } from "../product/store";
import { productLimitFor } from "./limits";

/**
 * When a plan ends at the provider (a subscription deleted or unpaid after its retries, the
 * lifetime payment refunded), the person's active products beyond the new plan's limit stop
 * selling: switched off newest first, never deleted (rule: Lifetime deal). Decided from the stored
 * person and products every time, so running it again (a duplicate or late event, a retry
 * after a crash half-way) switches off nothing more.
 */
export async function deactivateExtraProducts(userId: string): Promise<string[]> {
  const { data: user } = await UserEntity.get({ id: userId }).go({ consistent: true });
  if (!user) return [];
  const limit = productLimitFor(user);
  if (limit === null) return [];
  const newestFirst = await ProductEntity.query
    .byCreator({ creator_id: userId })
    .go({ order: "desc", pages: "all", attributes: ["id", "is_active", "created_at"] });
  const active = newestFirst.data.filter((p) => p.is_active);
  const extra = active.slice(0, Math.max(0, active.length - limit));
  const switchedOff: string[] = [];
  for (const p of extra) {
    const codes = await transact(({ product, counter }) => [
      // Conditional on still being active, so a concurrent run cannot count it twice.
      product
        .patch({ id: p.id })
        .set({ is_active: false })
        .where((a, op) => op.eq(a.is_active, true))
        .commit(),
      ...[`creator#${userId}`, "platform"].map((scope) =>
        counter.update({ scope }).add({ active_products: -1 }).commit(),
      ),
    ]);
    if (!codes) switchedOff.push(p.id);
  }
  if (switchedOff.length) logger.info("plan ended: extra products switched off", { userId, products: switchedOff });
  return switchedOff;
}
