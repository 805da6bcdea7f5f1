import { UserEntity, type UserItem } from "../db/entities";
import { isConditionFailed } from "../db/errors";
import { NotFoundError } from "../errors";

/**
 * A creator's own settings kept on their user item that another module decides (the affiliates'
 * attribution window). Only user/ writes UserEntity (packages/core/entity-users.mjs); this file
 * imports nothing else, so the module asking bundles no more than the entity.
 */
export async function setCreatorSettings(userId: string, set: Pick<UserItem, "affiliate_cookie_days">) {
  try {
    await UserEntity.patch({ id: userId }).set(set).go();
  } catch (err) {
    // The account was deleted meanwhile: the same 404 as any missing person.
    if (isConditionFailed(err)) throw new NotFoundError("profile.not_found", "Profile not found");
    throw err;
  }
}
