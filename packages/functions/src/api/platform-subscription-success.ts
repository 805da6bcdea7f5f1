import { Billing } from "@payloft/core/plan/index";
import { api } from "../http/api";

export const handler = api(async (req) => Billing.subscriptionSuccess(req.actor!, req.query.session_id));
