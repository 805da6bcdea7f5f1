import { AffiliateEntity, type AffiliateItem } from "../db/entities";
import { userById } from "../user/read";
import { ConflictError, ForbiddenError, UnauthorizedError } from "../errors";
import { changed, notFound, read } from "./shape";

/**
 * The invited person's side (rule: Affiliates by consent): they see the invitations sent to
 * the e-mail they signed in with, under any role, and only accepting makes them an affiliate.
 */
export namespace AffiliateInvitations {
  export interface Invitation {
    id: string;
    creator: { id: string; name: string };
    commission_percent: number;
    product_ids: string[] | null;
    created_at: string;
  }

  export async function emailOf(userId: string): Promise<string> {
    const user = await userById(userId, { attributes: ["email"] });
    if (!user?.email) throw new UnauthorizedError();
    return user.email.toLowerCase();
  }

  export async function namesOf(ids: string[]): Promise<Map<string, string>> {
    const unique = [...new Set(ids)];
    const users = await Promise.all(unique.map((id) => userById(id, { attributes: ["id", "name", "email"] })));
    return new Map(unique.map((id, i) => [id, users[i]?.name || users[i]?.email || "A creator"]));
  }

  /** GET /api/affiliate/invitations: the open ones, newest first. */
  export async function list(userId: string): Promise<Invitation[]> {
    const email = await emailOf(userId);
    const rows = (await AffiliateEntity.query.byEmail({ email }).go({ order: "desc", pages: "all" })).data.filter(
      (a) => a.status === "invited",
    );
    const names = await namesOf(rows.map((a) => a.creator_id));
    return rows.map((a) => ({
      id: a.id,
      creator: { id: a.creator_id, name: names.get(a.creator_id)! },
      commission_percent: a.commission_percent,
      product_ids: a.all_products ? null : a.product_ids,
      created_at: a.created_at,
    }));
  }

  async function addressedTo(userId: string, id: string): Promise<AffiliateItem> {
    const a = await read(id);
    if (!a) throw notFound();
    if (a.email !== (await emailOf(userId)))
      throw new ForbiddenError("This invitation was sent to another e-mail address.", "affiliate.not_yours");
    if (a.status === "removed") throw new ConflictError("affiliate.withdrawn", "This invitation was withdrawn.");
    if (a.status !== "invited")
      throw new ConflictError(
        "affiliate.answered",
        a.status === "declined" ? "You already declined this invitation." : "You already accepted this invitation.",
      );
    return a;
  }

  async function answer(a: AffiliateItem, set: Partial<AffiliateItem>) {
    try {
      await AffiliateEntity.patch({ id: a.id })
        .set({ ...set, responded_at: new Date().toISOString() })
        .where((attr, op) => op.eq(attr.status, "invited"))
        .go();
    } catch (e) {
      if ((e as { cause?: { name?: string } }).cause?.name === "ConditionalCheckFailedException") throw changed();
      throw e;
    }
  }

  /** POST /api/affiliate/invitations/{id}/accept: from now on their link credits them. */
  export async function accept(userId: string, id: string): Promise<{ id: string; status: "active" }> {
    const a = await addressedTo(userId, id);
    if (a.creator_id === userId)
      throw new ForbiddenError("You can't be an affiliate of your own products.", "affiliate.self");
    await answer(a, { status: "active", user_id: userId });
    return { id, status: "active" };
  }

  /** POST /api/affiliate/invitations/{id}/decline: the creator sees it declined; nothing else happens. */
  export async function decline(userId: string, id: string): Promise<{ id: string; status: "declined" }> {
    const a = await addressedTo(userId, id);
    await answer(a, { status: "declined" });
    return { id, status: "declined" };
  }
}
