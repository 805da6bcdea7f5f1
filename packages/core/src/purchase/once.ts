import { PurchaseEntity, type PurchaseItem } from "../db/entities";
import { isConditionFailed } from "../db/errors";

/** The purchase's "sent once" marks: each is claimed with a conditional write before its e-mail goes out. */
export type OnceMark = "receipt_sent_at" | "dispute_notice_sent_at" | "reversal_notice_sent_at";

/**
 * Runs `send` at most once per purchase and mark, however often the events behind it are
 * delivered: the mark is set with a conditional write first (duplicates race on that, not on
 * the e-mail), and cleared again when `send` throws, so the bus's retry sends it. `onlyWhile`
 * adds a condition on the sale's status (a receipt is only for a sale that is still completed).
 */
export async function sendOnce(
  purchaseId: string,
  mark: OnceMark,
  send: () => Promise<unknown>,
  onlyWhile?: PurchaseItem["status"],
): Promise<boolean> {
  const claimedAt = new Date().toISOString();
  try {
    await PurchaseEntity.patch({ id: purchaseId })
      .set({ [mark]: claimedAt })
      .where((a, op) =>
        onlyWhile ? `${op.notExists(a[mark])} AND ${op.eq(a.status, onlyWhile)}` : op.notExists(a[mark]),
      )
      .go();
  } catch (err) {
    if (isConditionFailed(err)) return false; // sent by someone else, or no longer wanted
    throw err;
  }
  try {
    await send();
    return true;
  } catch (err) {
    await PurchaseEntity.patch({ id: purchaseId })
      .remove([mark])
      .where((a, op) => op.eq(a[mark], claimedAt))
      .go()
      .catch(() => {});
    throw err;
  }
}
