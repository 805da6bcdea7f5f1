import { paypalReturnLocation } from "@payloft/core/purchase/paypal";
import { api } from "../http/api";
import { reply } from "../http/request";

/**
 * GET /api/checkout/paypal/return?checkout_id=&token=&PayerID=: PayPal sends the buyer here
 * after approving; the order is captured (once, however often this is loaded) and the browser
 * goes on to /checkout/success.
 */
export const handler = api(async (req) => {
  const location = await paypalReturnLocation({ checkout_id: req.query.checkout_id, token: req.query.token });
  return reply(303, { location }, { location });
});
