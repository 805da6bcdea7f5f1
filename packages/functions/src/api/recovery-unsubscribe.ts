import { RecoveryOptOut } from "@payloft/core/recovery/unsubscribe";
import { api } from "../http/api";

/** POST /api/recovery/unsubscribe {token}: the recovery e-mail's unsubscribe link (its random token); no sign-in. */
export const handler = api(async (req) => RecoveryOptOut.unsubscribe(req.body));
