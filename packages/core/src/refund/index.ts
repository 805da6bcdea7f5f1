import * as z from "zod";
import { isAdmin, type Actor } from "../actor/index";
import { RefundCreated } from "../bus/events";
import { PurchaseEntity } from "../db/entities";
import { ConflictError, NotFoundError } from "../errors";
import { Purchase } from "../purchase/index";
import { PurchaseShape } from "../purchase/shapes";
import { parseInput } from "../validation";
import { refundMembershipSaleAtPayPal } from "./paypal-membership";
import { refundAtPayPal, refundAtStripe, refundItemAtPayPal, refundItemAtStripe } from "./providers";

/**
 * A creator refunds one of their own sales (an admin may refund any): the money goes back at
 * the provider, on the seller's own Stripe or PayPal account, and only once the provider
 * confirms does the sale become `refunded`, through the same refund.created handling as a
 * refund made in the provider's dashboard (Purchase.refund, the ReverseSale subscriber's
 * step). That step is conditional on the sale still being completed, so access is revoked and
 * the figures reversed exactly once, whether our call or the provider's webhook comes first.
 * A sale that is one item of an order (several purchases of one payment) is refunded on its
 * own: a partial refund of its amount (and tax share) that reverses only that purchase.
 */
export namespace SaleRefund {
  const Input = z.object({
    id: z.string({ message: "Sale id is required." }).trim().min(1, "Sale id is required.").max(200),
  });

  export type RefundedSale = PurchaseShape.RefundedSale;

  export interface Result {
    success: true;
    /** The provider accepted the refund but has not finished it: the sale changes when it does. */
    pending: boolean;
    message: string;
    /** `id` is the sale's id in GET /api/sales-history (the purchase id). */
    purchase: RefundedSale;
  }

  const NOT_FOUND = () => new NotFoundError("sale.not_found", "Sale not found.");
  const ALREADY = () =>
    new ConflictError("sale.already_refunded", "This sale has already been refunded. Nothing more was changed.");

  /** A claim of a free product took no money (rule: Free claims). */
  const FREE = () => new ConflictError("sale.free", "This was a free claim: there is no payment to refund.");

  const DISPUTED = () =>
    new ConflictError("sale.disputed", "This sale is disputed by the buyer's bank, so it can't be refunded here.");

  type Caller = Pick<Actor, "userId" | "role" | "isAdmin">;

  export async function refund(caller: Caller, saleId: string): Promise<Result> {
    const { id } = parseInput(Input, { id: saleId });
    const sale = await load(id);
    // Another creator's sale answers exactly like a missing one: sale ids cannot be probed.
    if (!sale || (sale.creator_id !== caller.userId && !isAdmin(caller))) throw NOT_FOUND();
    if (sale.status === "refunded") throw ALREADY();
    // A disputed payment is in the buyer's bank's hands; the provider refuses a refund of it.
    if (sale.status === "disputed") throw DISPUTED();
    if (sale.provider === "free") throw FREE();
    const item = sale.order_id && (sale.order_size ?? 1) > 1 ? { ...sale, order_id: sale.order_id } : null;
    const facts =
      sale.provider === "paypal" && sale.membership_id
        ? await refundMembershipSaleAtPayPal({ ...sale, membership_id: sale.membership_id })
        : sale.provider === "paypal"
          ? await (item ? refundItemAtPayPal(item) : refundAtPayPal(sale))
          : await (item ? refundItemAtStripe(item) : refundAtStripe(sale));
    // The buyer's notice follows from the provider's refund event (see Purchase.refund).
    await Purchase.refund(RefundCreated.schema.parse(facts), { notify: false });
    const after = (await load(id))!;
    const pending = after.status !== "refunded";
    return {
      success: true,
      pending,
      message: pending
        ? "The refund was accepted and is being processed by the payment provider. The sale will show as refunded when it completes."
        : "Sale refunded. The buyer's access has been revoked.",
      purchase: PurchaseShape.refundedSale(after),
    };
  }

  const load = async (id: string) => (await PurchaseEntity.get({ id }).go()).data;
}
