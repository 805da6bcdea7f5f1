import { Billing } from "@payloft/core/plan/index";
import { api } from "../http/api";
import { parse } from "../http/request";

export const handler = api(async (req) =>
  Billing.createLifetimeCheckout(req.actor!, parse(Billing.LifetimeInput, req.body)),
);
