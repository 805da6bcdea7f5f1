import { UserEntity } from "../db/entities";
import { productLimitFor } from "../plan/limits";

/**
 * How many products a creator may have switched on: their plan's product limit (null =
 * unlimited). Creating is limited on the products owned; switching on is limited on the
 * active ones, so products switched off when a plan ended stay off until the creator upgrades
 * or switches another one off.
 */
export async function activeLimit(creatorId: string): Promise<number | null> {
  const user = (await UserEntity.get({ id: creatorId }).go()).data;
  return user ? productLimitFor(user) : null;
}

export const activeLimitMessage = (limit: number) =>
  `Your plan allows ${limit} active product(s). Switch another product off or upgrade your plan to activate this one.`;
