import * as z from "zod";

/** What the Affiliates screen may send (POST and PUT /api/affiliates). */
export const MIN_COMMISSION = 1;
export const MAX_COMMISSION = 75;
const COMMISSION = `commission_percent must be a whole number from ${MIN_COMMISSION} to ${MAX_COMMISSION}.`;
const EMAIL = "Please enter the affiliate's e-mail address.";

const commission = z.number(COMMISSION).int(COMMISSION).min(MIN_COMMISSION, COMMISSION).max(MAX_COMMISSION, COMMISSION);

/** null (or absent on create): every product of the creator, now and later. */
const productIds = z
  .array(
    z.string("product_ids must be a list of product ids, or null for all your products.").min(1).max(200),
    "product_ids must be a list of product ids, or null for all your products.",
  )
  .min(1, "product_ids must name at least one product, or be null for all your products.")
  .max(100, "An affiliate can be limited to at most 100 products.")
  .nullable();

export const InviteAffiliateInput = z.object({
  email: z.string(EMAIL).trim().toLowerCase().min(1, EMAIL).max(254, EMAIL).pipe(z.email(EMAIL)),
  commission_percent: commission,
  product_ids: productIds.optional().default(null),
});
export type InviteAffiliateInput = z.output<typeof InviteAffiliateInput>;

export const UpdateAffiliateInput = z.object({
  commission_percent: commission.optional(),
  product_ids: productIds.optional(),
  status: z.enum(["active", "paused"], 'status must be "active" or "paused".').optional(),
});
export type UpdateAffiliateInput = z.output<typeof UpdateAffiliateInput>;

/** PUT /api/affiliate/payout-details. */
const PAYPAL = "paypal_email must be the e-mail address of your PayPal account.";
export const PayoutDetailsInput = z.object({
  paypal_email: z.string(PAYPAL).trim().toLowerCase().max(254, PAYPAL).pipe(z.email(PAYPAL)),
});
