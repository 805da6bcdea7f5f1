import { randomUUID } from "node:crypto";
import { AffiliateEntity, Db } from "../db/entities";
import { AppError, ConflictError, ValidationError } from "../errors";
import { parseInput } from "../validation";
import { sendInvitation } from "./invitation-email";
import { InviteAffiliateInput } from "./input";
import { entitledCreator, ownProducts } from "./owner";
import { CODE_SCOPE, emailScope, newCode, serialize, type AffiliateInfo } from "./shape";

const failed = () =>
  new AppError("affiliate.write_failed", "The invitation could not be saved. Please try again.", 503);

/** POST /api/affiliates {email, commission_percent, product_ids}: records the invitation and e-mails it. */
export async function inviteAffiliate(creatorId: string, input: unknown): Promise<AffiliateInfo> {
  const data = parseInput(InviteAffiliateInput, input);
  const user = await entitledCreator(creatorId);
  if (data.email === user.email.toLowerCase())
    throw new ValidationError("You can't invite yourself: an affiliate promotes someone else's products.");
  const product_ids = await ownProducts(creatorId, data.product_ids);
  const id = randomUUID();
  // A fresh random code rarely meets a taken one; a second try settles it.
  for (let attempt = 0; attempt < 3; attempt++) {
    const code = newCode();
    const result = await Db.transaction
      .write(({ affiliate, unique }) => [
        affiliate
          .create({
            id,
            creator_id: creatorId,
            email: data.email,
            code,
            commission_percent: data.commission_percent,
            all_products: product_ids === null,
            product_ids: product_ids ?? [],
            status: "invited",
          })
          .commit(),
        unique.create({ scope: emailScope(creatorId), value: data.email, owner_id: id }).commit(),
        unique.create({ scope: CODE_SCOPE, value: code, owner_id: id }).commit(),
      ])
      .go();
    if (!result.canceled) {
      const created = (await AffiliateEntity.get({ id }).go()).data!;
      await sendInvitation(created, user);
      return serialize(created);
    }
    const codes = result.data.map((r: { code?: string }) => r.code ?? "None");
    if (codes[1] === "ConditionalCheckFailed")
      throw new ConflictError("affiliate.exists", `${data.email} is already invited or one of your affiliates.`);
    if (codes[2] !== "ConditionalCheckFailed") throw failed();
  }
  throw failed();
}
