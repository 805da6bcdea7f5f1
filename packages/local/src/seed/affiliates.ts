import { randomUUID } from "node:crypto";
import { Db, EmailEntity, UniqueEntity } from "@payloft/core/db/entities";
import { CODE_SCOPE, emailScope, newCode } from "@payloft/core/affiliate/shape";

/**
 * Demo affiliates of creator@demo.local, so a first `npm start` (and the accessibility test)
 * shows every affiliate screen with content: buyer@demo.local accepted (20%, all products) and
 * has a link in their Affiliate area; paypal@demo.local has an invitation (15%) to answer. Written
 * as an invitation is (the affiliate and its two claims in one transaction); an e-mail the
 * creator already has a claim for is left alone, so a second run changes nothing.
 */
const CREATOR = "creator@demo.local";
const AFFILIATES = [
  { email: "buyer@demo.local", percent: 20, accepted: true },
  { email: "paypal@demo.local", percent: 15, accepted: false },
];

const userIdOf = async (email: string) => (await EmailEntity.get({ email }).go()).data?.user_id;

export async function seed() {
  const creatorId = await userIdOf(CREATOR);
  if (!creatorId) return; // the accounts step did not create the demo creator
  for (const { email, percent, accepted } of AFFILIATES) {
    if ((await UniqueEntity.get({ scope: emailScope(creatorId), value: email }).go()).data) continue;
    const userId = accepted ? await userIdOf(email) : undefined;
    const id = randomUUID();
    const code = newCode();
    await Db.transaction
      .write(({ affiliate, unique }) => [
        affiliate
          .create({
            id,
            creator_id: creatorId,
            email,
            code,
            commission_percent: percent,
            all_products: true,
            product_ids: [],
            status: userId ? "active" : "invited",
            ...(userId ? { user_id: userId, responded_at: new Date().toISOString() } : {}),
          })
          .commit(),
        unique.create({ scope: emailScope(creatorId), value: email, owner_id: id }).commit(),
        unique.create({ scope: CODE_SCOPE, value: code, owner_id: id }).commit(),
      ])
      .go();
  }
}
