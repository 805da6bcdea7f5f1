import * as z from "zod";
import { ProductEntity, type ProductItem } from "../db/entities";
import { NotFoundError } from "../errors";
import { parseInput } from "../validation";
import { Moderation } from "./index";
import { notifyCreator } from "./notify";

/**
 * An admin's review of one product (PUT /api/admin/products/{id}/moderate). Apart from the
 * moderation list because it e-mails the creator: only this route needs the e-mail link.
 */
export namespace Review {
  const ModerateInput = z.object({
    status: z.enum(Moderation.STATUSES, "Please choose a status: pending, under_review, approved or rejected."),
    notes: z
      .string("Notes must be text.")
      .trim()
      .max(2000, "Notes must be at most 2000 characters.")
      .optional()
      .default(""),
  });

  /**
   * PUT /api/admin/products/{id}/moderate: any status from any status, with optional notes
   * (stored; empty notes clear them). The creator is e-mailed when the status changes or the
   * admin wrote notes.
   */
  export async function moderate(actorId: string, id: string, raw: unknown): Promise<Moderation.AdminProduct> {
    const { status, notes } = parseInput(ModerateInput, raw);
    const before = id ? (await ProductEntity.get({ id }).go()).data : null;
    if (!before) throw new NotFoundError("product.not_found", "Product not found");
    try {
      const res = await ProductEntity.patch({ id })
        .set({
          moderation_status: status,
          moderation_notes: notes,
          moderated_by: actorId,
          moderated_at: new Date().toISOString(),
        })
        .go({ response: "all_new" });
      const p = res.data as ProductItem;
      const who = await Moderation.people([p.creator_id, actorId]);
      const creator = who.get(p.creator_id);
      if (creator?.email) {
        await notifyCreator(
          { email: creator.email, name: creator.name },
          { name: p.name, status, notes, statusChanged: before.moderation_status !== status },
        );
      }
      return Moderation.serialize(p, who);
    } catch (err) {
      if (String((err as Error)?.message).includes("conditional request failed")) {
        throw new NotFoundError("product.not_found", "Product not found");
      }
      throw err;
    }
  }
}
