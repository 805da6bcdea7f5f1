import { Traffic } from "@payloft/core/traffic/index";
import { api } from "../http/api";
import { reply } from "../http/request";

/** The sales page's view beacon {referrer?, utm_*?}: conversion and traffic analytics. */
export const handler = api(async (req) => {
  await Traffic.recordView(req.params.productId ?? "", req.body);
  return reply(204, undefined);
});
