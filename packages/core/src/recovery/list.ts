import { randomBytes, timingSafeEqual } from "node:crypto";
import { EmailListEntity, type EmailListItem } from "../db/entities";

/**
 * The recovery list's addresses. An unsubscribe link carries `<address, base64url>.<token>`,
 * the token being random and stored with the address when its first recovery e-mail is sent:
 * following the link needs no sign-in and no secret in the public route, and nobody can
 * unsubscribe an address whose e-mail they did not read.
 */
const LIST = "recovery" as const;
const conditionFailed = (err: unknown) => /conditional request failed/i.test(String((err as Error)?.message));

export async function standing(email: string): Promise<EmailListItem | null> {
  return (await EmailListEntity.get({ list: LIST, email }).go({ consistent: true })).data;
}

/** The address's unsubscribe token, made once (a racing second sender reads the first one's). */
export async function unsubscribeTokenFor(email: string): Promise<string> {
  const known = await standing(email);
  if (known) return linkToken(email, known.token);
  const token = randomBytes(32).toString("base64url");
  try {
    await EmailListEntity.create({ list: LIST, email, token }).go();
    return linkToken(email, token);
  } catch (err) {
    if (!conditionFailed(err)) throw err;
    return linkToken(email, (await standing(email))!.token);
  }
}

const linkToken = (email: string, token: string) => `${Buffer.from(email, "utf8").toString("base64url")}.${token}`;

/** The address a link's token belongs to, or null when it is not one we sent (or was altered). */
export async function addressOfToken(linkTokenValue: string): Promise<string | null> {
  const [encoded, given] = linkTokenValue.split(".");
  if (!encoded || !given) return null;
  const email = Buffer.from(encoded, "base64url").toString("utf8");
  if (!email.includes("@") || email.length > 320) return null;
  const stored = await standing(email);
  if (!stored) return null;
  const a = Buffer.from(given);
  const b = Buffer.from(stored.token);
  return a.length === b.length && timingSafeEqual(a, b) ? email : null;
}

export async function markUnsubscribed(email: string): Promise<void> {
  await EmailListEntity.patch({ list: LIST, email })
    .set({ unsubscribed_at: new Date().toISOString() })
    .where((a, op) => op.notExists(a.unsubscribed_at))
    .go()
    .catch((err) => {
      if (!conditionFailed(err)) throw err; // already unsubscribed: nothing to do
    });
}
