import type { UserItem } from "../db/entities/user";
import { getItem, type GetOptions } from "../db/lean/items";
import { userSchema } from "../db/schemas/user";

/**
 * A person by id through the lean layer: what every request's session check and the hot read
 * routes need, without loading ElectroDB. The same item as `User.fromID`.
 */
export async function userById(id: string, opts?: GetOptions): Promise<UserItem | null> {
  if (!id) return null;
  return getItem<UserItem>(userSchema, { id }, opts);
}

/** The answer to any call of a deactivated account (rule: Deactivation). */
export const DEACTIVATED_MESSAGE = "Your account has been deactivated. Please contact support.";
