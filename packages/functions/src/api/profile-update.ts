import { User } from "@payloft/core/user/index";
import { api } from "../http/api";
import { parse } from "../http/request";

/** POST /api/profile {name, plan?}: renames. `plan` is ignored: plans change only through billing. */
export const handler = api(async (req) => User.rename(req.actor!.userId, parse(User.RenameInput, req.body)));
