import { resumeByBuyer } from "@payloft/core/membership/manage";
import { api } from "../http/api";

/** POST /api/customer/memberships/{id}/resume: a canceled membership goes on (before it ends). */
export const handler = api(async (req) => ({ membership: await resumeByBuyer(req.actor!.email, req.params.id ?? "") }));
