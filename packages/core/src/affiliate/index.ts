import { AffiliateEntity, Db, type AffiliateItem } from "../db/entities";
import { ValidationError } from "../errors";
import { parseInput } from "../validation";
import { UpdateAffiliateInput } from "./input";
import { figuresOf, type AffiliateFigures } from "./figures";
import { entitledCreator, ownProducts } from "./owner";
import { changed, emailScope, ownedBy, serialize, type AffiliateInfo } from "./shape";

/**
 * A creator's affiliates: invite (./invite.ts; consent first: nobody is an affiliate until they
 * accept, ./invitations.ts), list, change the commission, products or pause, remove. Available on Pro
 * and Business (rule: Features by plan). Removing keeps the record, so past sales keep naming it.
 */
export namespace Affiliate {
  export type Info = AffiliateInfo;

  /** GET /api/affiliates: the creator's affiliates and invitations, newest first (removed ones left out), with their figures. */
  export async function list(creatorId: string): Promise<(Info & AffiliateFigures)[]> {
    const res = await AffiliateEntity.query.byCreator({ creator_id: creatorId }).go({ order: "desc", pages: "all" });
    const rows = res.data.filter((a) => a.status !== "removed");
    const figures = await figuresOf(rows.map((a) => a.id));
    return rows.map((a) => ({ ...serialize(a), ...figures.get(a.id)! }));
  }

  /** PUT /api/affiliates/{id} {commission_percent?, product_ids?, status?}: open checkouts keep their snapshot. */
  export async function update(creatorId: string, id: string, input: unknown): Promise<Info> {
    const data = parseInput(UpdateAffiliateInput, input);
    const a = await ownedBy(creatorId, id);
    await entitledCreator(creatorId);
    if (data.status && a.status !== "active" && a.status !== "paused")
      throw new ValidationError(
        a.status === "invited"
          ? "This person hasn't accepted the invitation yet, so there is nothing to pause or resume."
          : "This person declined the invitation: they can't be made an affiliate.",
      );
    const set: Partial<AffiliateItem> = {};
    if (data.commission_percent !== undefined) set.commission_percent = data.commission_percent;
    if (data.product_ids !== undefined) {
      const ids = await ownProducts(creatorId, data.product_ids);
      set.all_products = ids === null;
      set.product_ids = ids ?? [];
    }
    if (data.status) set.status = data.status;
    if (Object.keys(set).length === 0) return serialize(a);
    try {
      await AffiliateEntity.patch({ id })
        .set(set)
        .where((attr, op) => op.eq(attr.status, a.status))
        .go();
    } catch (e) {
      if ((e as { cause?: { name?: string } }).cause?.name === "ConditionalCheckFailedException") throw changed();
      throw e;
    }
    return serialize((await AffiliateEntity.get({ id }).go()).data!);
  }

  /**
   * DELETE /api/affiliates/{id}: attribution ends (their link no longer credits anyone), the
   * record and its sales stay. The e-mail is free to be invited again; the code is never reused.
   */
  export async function remove(creatorId: string, id: string): Promise<void> {
    const a = await ownedBy(creatorId, id);
    const result = await Db.transaction
      .write(({ affiliate, unique }) => [
        affiliate
          .patch({ id })
          .set({ status: "removed" })
          .where((attr, op) => op.eq(attr.status, a.status))
          .commit(),
        unique.delete({ scope: emailScope(creatorId), value: a.email }).commit(),
      ])
      .go();
    if (result.canceled) throw changed();
  }
}
