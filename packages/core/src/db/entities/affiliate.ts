import type { EntityItem } from "electrodb";
import { LazyEntity, cfg } from "./model";
import { affiliateSchema } from "../schemas/affiliate";

/**
 * A person a creator asked to promote their products, from the invitation on. They become an
 * affiliate only by accepting (status invited → active); the creator may pause, and removing
 * keeps the item (status removed) so past sales keep naming it. `code` is the affiliate's link
 * code for this creator, claimed platform-wide through a UniqueEntity (scope `affiliate-code`,
 * owner = this id) in the same transaction, which is also how /r/{code} finds it.
 * By creator (Affiliates list): gsi1. By invited e-mail (the person's invitations and links): gsi2.
 */
export const AffiliateEntity = new LazyEntity(affiliateSchema, cfg());

export type AffiliateItem = EntityItem<typeof AffiliateEntity>;
