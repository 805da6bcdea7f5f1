import { Billing } from "@payloft/core/plan/index";
import { api } from "../http/api";

export const handler = api(async (req) => Billing.summary(req.actor!));
