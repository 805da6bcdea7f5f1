import { EmailNoticeEntity } from "../db/entities";

type Kind = "recovery" | "dunning" | "membership";
const nowSeconds = () => Math.floor(Date.now() / 1000);
const conditionFailed = (err: unknown) => /conditional request failed/i.test(String((err as Error)?.message));

/**
 * Sends an e-mail at most once per (kind, key) for `ttlSeconds`: the claim is a conditional
 * write (no claim yet, or only one whose time is up: TTL deletion runs late), made BEFORE
 * sending, so a redelivered event or a racing duplicate finds it and sends nothing. If sending
 * throws, the claim is given back so the bus's retry can send it.
 */
export async function sendOnce(
  claim: { kind: Kind; key: string; ref: string; ttlSeconds: number },
  send: () => Promise<void>,
): Promise<boolean> {
  const now = nowSeconds();
  const expires = now + claim.ttlSeconds;
  try {
    await EmailNoticeEntity.put({
      kind: claim.kind,
      key: claim.key,
      ref: claim.ref,
      sent_at: new Date(now * 1000).toISOString(),
      expires_at: expires,
    })
      .where((a, op) => `${op.notExists(a.key)} OR ${op.lt(a.expires_at, now)}`)
      .go();
  } catch (err) {
    if (conditionFailed(err)) return false;
    throw err;
  }
  try {
    await send();
    return true;
  } catch (err) {
    await EmailNoticeEntity.delete({ kind: claim.kind, key: claim.key })
      .where((a, op) => `${op.eq(a.ref, claim.ref)} AND ${op.eq(a.expires_at, expires)}`)
      .go()
      .catch(() => {});
    throw err;
  }
}
