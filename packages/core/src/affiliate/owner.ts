import { getProduct } from "../product/view";
import { userById } from "../user/read";
import { ForbiddenError, ValidationError } from "../errors";
import { requireFeature } from "../plan/gate";

/** The creator, refused unless their plan has affiliates (rule: Features by plan: Pro and up). */
export async function entitledCreator(creatorId: string) {
  const user = await userById(creatorId);
  if (!user) throw new ForbiddenError("Please finish setting up your account first.");
  requireFeature(user, "affiliates");
  return user;
}

/** Every named product must be the creator's own; null (all products) passes as it is. */
export async function ownProducts(creatorId: string, ids: string[] | null): Promise<string[] | null> {
  if (ids === null) return null;
  const unique = [...new Set(ids)];
  const found = await Promise.all(unique.map((id) => getProduct(id)));
  const stranger = unique.find((_, i) => found[i]?.creator_id !== creatorId);
  if (stranger !== undefined) throw new ValidationError(`product_ids: ${stranger} is not one of your products.`);
  return unique;
}
