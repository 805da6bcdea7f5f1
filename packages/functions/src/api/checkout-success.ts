import { ValidationError } from "@payloft/core/errors";
import { Purchase } from "@payloft/core/purchase/index";
import { api } from "../http/api";

/** ?session_id=: the purchase behind a checkout session, reconciled if the webhook is late. */
export const handler = api(async (req) => {
  const sessionId = (req.query.session_id ?? "").trim();
  // Checkout session ids are short; a long one is as invalid as none (and no valid DynamoDB key).
  if (!sessionId || sessionId.length > 200)
    throw new ValidationError("Invalid checkout session", "checkout.invalid_session");
  return Purchase.successView(sessionId);
});
