import { Billing } from "@payloft/core/plan/index";
import { api } from "../http/api";
import { parse } from "../http/request";

export const handler = api(async (req) => Billing.change(req.actor!, parse(Billing.ChangeInput, req.body)));
