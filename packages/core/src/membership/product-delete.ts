import { MembershipEntity } from "../db/entities";
import { AppError } from "../errors";
import { Product } from "../product/index";
import { Deleted } from "../public-api/schemas";
import { parseInput } from "../validation";
import { DeleteProductInput } from "./list";
import { cancelByCreator } from "./manage";
import { loadMembership } from "./state";

/**
 * DELETE /api/products/{id} (and API v1's). A product with members answers 409 with a sentence
 * (product/index.ts) unless the creator confirms with `cancel_memberships=true`: then every
 * running membership is set to end at its period's end at the provider (the creator's Cancel in
 * Members, one by one), and the product is deleted while it has exactly those members. Members
 * keep access until the period they paid for ends; their sales keep their own snapshot of the
 * product, and their memberships end through the provider's events as any canceled one does.
 *
 * A member who joins (or one who ends) between the cancels and the delete changes the product's
 * member count, so the delete's condition fails and the round is made again. A provider failure
 * stops before the delete: what was canceled stays canceled (the creator asked for it), and the
 * same request again finishes the rest.
 */
const ROUNDS = 3;

export async function deleteProduct(creatorId: string, id: string, query: unknown): Promise<void> {
  const { cancel_memberships } = parseInput(DeleteProductInput, query ?? {});
  if (!cancel_memberships) return Product.remove(creatorId, id);
  for (let round = 1; ; round++) {
    const running = await runningMembers(creatorId, id);
    for (const m of running) if (!m.cancel_at_period_end) await cancelByCreator(creatorId, m.id, {});
    try {
      return await Product.remove(creatorId, id, running.length);
    } catch (err) {
      const membersMoved = err instanceof AppError && err.code === "product.has_members";
      if (!membersMoved || round === ROUNDS) throw err;
    }
  }
}

/** DELETE /api/v1/products/{id}: the same, answered in API v1's shape. */
export async function deleteProductV1(creatorId: string, id: string, query: unknown) {
  await deleteProduct(creatorId, id, query);
  return Deleted.parse({ id, deleted: true });
}

/** The product's memberships that have not ended, each as stored now (the index may lag). */
async function runningMembers(creatorId: string, productId: string) {
  const listed = await MembershipEntity.query
    .byCreator({ creator_id: creatorId })
    .where((a, op) => `${op.eq(a.product_id, productId)} AND ${op.ne(a.status, "ended")}`)
    .go({ pages: "all" });
  const now = await Promise.all(listed.data.map((m) => loadMembership(m.id)));
  return now.filter((m) => m !== null && m.status !== "ended").map((m) => m!);
}
