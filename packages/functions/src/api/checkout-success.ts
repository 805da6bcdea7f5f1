import { ValidationError } from "@payloft/core/errors";
import { Purchase } from "@payloft/core/purchase/index";
import { api } from "../http/api";

/** ?session_id=: the purchase behind a checkout session, reconciled if the webhook is late. */
export const handler = api(async (req) => {
  const sessionId = (req.query.session_id ?? "").trim();
  if (!sessionId) throw new ValidationError("Invalid checkout session", "checkout.invalid_session");
  return Purchase.successView(sessionId);
});
