import { PurchaseEntity, RetiredCredentialEntity, type CheckoutItem, type OpenCheckoutItem } from "../db/entities";
import { consume } from "../discount/redeem";
import { logger } from "../log/index";
import { fulfilCheckout } from "../purchase/fulfil";
import { confirmPayment, stopTakingPayment } from "./confirm";
import { closeUnpaid, dueOpenCheckouts, forgetOpen, openCredentialIds } from "./open";
import { findCheckout } from "./record";
import { reservationOf } from "./reservation";

/**
 * The checkout reconciler, run on a schedule (packages/functions/src/schedules.ts): every open
 * product checkout whose deadline has passed is settled with its provider, through the
 * credentials it was created with. Paid but not recorded (the buyer paid after the seller
 * changed or removed Payment Setup, so no webhook came, and never opened the success page): it
 * is fulfilled through the one idempotent path (purchase, receipt). Not paid and no longer
 * payable: closed, so nothing it holds stays held. Then retired credentials no open checkout
 * can need any more are deleted.
 */
export namespace Reconciler {
  export type Result = "recorded" | "fulfilled" | "closed" | "waiting" | "failed" | "gone";
  export interface Report {
    looked_at: number;
    fulfilled: string[];
    closed: string[];
    waiting: string[];
    failed: string[];
    credentials_deleted: number;
  }

  /** A checkout completed with a delayed payment method waits this long for its money, then is closed. */
  export const PROCESSING_DAYS = 7;
  /** Checkouts looked at per run: a backlog is worked through over the next runs. */
  export const PER_RUN = 200;

  export async function run(opts: { now?: number } = {}): Promise<Report> {
    const now = opts.now ?? Date.now();
    const due = await dueOpenCheckouts(new Date(now).toISOString(), PER_RUN);
    const report: Report = {
      looked_at: due.length,
      fulfilled: [],
      closed: [],
      waiting: [],
      failed: [],
      credentials_deleted: 0,
    };
    for (const open of due) {
      const result = await settle(open, now).catch((err: Error): Result => {
        logger.warn("checkout could not be reconciled", { checkoutId: open.session_id, error: err.message });
        return "failed";
      });
      if (result === "fulfilled" || result === "closed" || result === "waiting" || result === "failed")
        report[result].push(open.session_id);
    }
    report.credentials_deleted = await deleteUnneededCredentials(now);
    if (report.fulfilled.length || report.failed.length) logger.info("checkouts reconciled", { ...report });
    return report;
  }

  /** One open checkout past its deadline, settled with its provider. */
  export async function settle(open: OpenCheckoutItem, now = Date.now()): Promise<Result> {
    const forget = () => forgetOpen(open);
    const record = await findCheckout(open.session_id);
    if ((await PurchaseEntity.get({ id: open.session_id }).go()).data) {
      // A sale whose fulfilment stopped before it let go of its discount use: finish that.
      const reservation = record ? reservationOf(record) : undefined;
      if (reservation) await consume(reservation);
      await forget();
      return "recorded";
    }
    if (!record || record.closed_at) {
      await forget();
      return "gone";
    }
    const result = await settleRecord(record, { now, pastDeadline: true });
    // Settling removes the entry by the split key; one made before the split is removed here.
    if (!open.shard && (result === "fulfilled" || result === "closed")) await forget();
    return result;
  }

  /**
   * checkout.expired: the provider says the checkout expired unpaid. Its word is checked with the
   * provider itself (a signed event is only a hint): paid after all → the sale; expired → closed
   * now, its discount use given back at once rather than at the next run.
   */
  export async function onExpired(p: { checkout_id: string; seller_id: string }): Promise<Result> {
    const record = await findCheckout(p.checkout_id);
    if (!record || record.kind !== "product" || record.creator_id !== p.seller_id || record.closed_at) return "gone";
    if ((await PurchaseEntity.get({ id: p.checkout_id }).go()).data) return "recorded";
    const result = await settleRecord(record, { now: Date.now(), pastDeadline: false });
    // The provider could not be asked: throw, so the bus delivers the event again.
    if (result === "failed") throw new Error(`checkout ${p.checkout_id} could not be settled; the bus will retry`);
    return result;
  }

  /**
   * Asks the provider and acts on its answer: paid → fulfilled; still payable → waits (past the
   * deadline a Stripe session still open is expired there first); otherwise closed unpaid.
   */
  async function settleRecord(record: CheckoutItem, opts: { now: number; pastDeadline: boolean }): Promise<Result> {
    try {
      let paid = await confirmPayment(record);
      if (paid?.open && opts.pastDeadline) {
        // Past the deadline and still open at Stripe: stop it taking money, then look again.
        await stopTakingPayment(record);
        paid = await confirmPayment(record);
      }
      if (paid?.paid) return (await fulfilCheckout(record.session_id, record.creator_id)) ? "fulfilled" : "failed";
      const deadline = Date.parse(record.session_expires_at ?? new Date(opts.now).toISOString());
      if (paid?.payable && opts.now < deadline + PROCESSING_DAYS * 86_400_000) return "waiting";
      await closeUnpaid(record);
      return "closed";
    } catch (err) {
      // The provider could not be asked (or fulfilment failed half-way): the next run tries again.
      logger.warn("checkout could not be reconciled", { checkoutId: record.session_id, error: (err as Error).message });
      return "failed";
    }
  }

  /** Retired credentials past their time that no open checkout names any more. */
  async function deleteUnneededCredentials(now: number): Promise<number> {
    const due = (
      await RetiredCredentialEntity.query
        .byKeepUntil({})
        .lte({ keep_until: new Date(now).toISOString() })
        .go({ pages: "all" })
    ).data;
    if (!due.length) return 0;
    const named = await openCredentialIds();
    const unneeded = due.filter((c) => !named.has(c.credential_id));
    for (const c of unneeded)
      await RetiredCredentialEntity.delete({ user_id: c.user_id, credential_id: c.credential_id }).go();
    return unneeded.length;
  }
}
